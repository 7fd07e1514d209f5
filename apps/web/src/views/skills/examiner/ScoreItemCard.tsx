import type { ScoringSheetView } from '@kaoshi/shared';
import { Button, Card, Flex, Input, InputNumber, Segmented, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemEntry } from './sheet-saver';

type Item = ScoringSheetView['tasks'][number]['items'][number];

interface Props {
  item: Item;
  value: ItemEntry | undefined;
  disabled: boolean;
  onChange: (value: ItemEntry, options?: { typing?: boolean }) => void;
}

const EMPTY: ItemEntry = { points: null, vetoHit: false, note: '' };

/**
 * One item of the sheet: what is checked, its criteria and points; points typed or given by
 * the 0 / full buttons (deduct items: the points taken), or for a veto item hit / not hit; a note.
 */
export function ScoreItemCard({ item, value = EMPTY, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const set = (change: Partial<ItemEntry>, typing = false) =>
    onChange({ ...value, ...change }, { typing });
  return (
    <Card
      size="small"
      className={item.veto ? 'score-item-veto' : undefined}
      data-testid={`item-${item.id}`}
      title={
        <Typography.Text strong style={{ whiteSpace: 'normal' }}>
          {item.what}
        </Typography.Text>
      }
      extra={
        <Tag color={item.veto ? 'red' : 'blue'}>
          {t('examiner.sheet.points', { points: item.points })}
        </Tag>
      }
    >
      <Flex vertical gap={8}>
        {item.criteria && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {item.criteria}
          </Typography.Paragraph>
        )}
        {item.veto ? (
          <Segmented
            className="examiner-touch"
            block
            disabled={disabled}
            value={value.vetoHit ? 'hit' : 'clear'}
            onChange={(chosen) => set({ vetoHit: chosen === 'hit' })}
            options={[
              { value: 'clear', label: t('examiner.sheet.vetoNotHit') },
              { value: 'hit', label: t('examiner.sheet.vetoHit') },
            ]}
          />
        ) : (
          <div className="score-item-row">
            <Typography.Text type="secondary">
              {t(item.mode === 'deduct' ? 'examiner.sheet.deduct' : 'examiner.sheet.award', {
                points: item.points,
              })}
            </Typography.Text>
            <InputNumber
              className="examiner-touch"
              size="large"
              inputMode="decimal"
              aria-label={item.what}
              min={0}
              max={item.points}
              step={0.5}
              precision={2}
              disabled={disabled}
              value={value.points}
              onChange={(points) => set({ points: points ?? null }, true)}
              style={{ width: 120 }}
            />
            <Button
              className="examiner-touch"
              disabled={disabled}
              onClick={() => set({ points: 0 })}
            >
              {t('examiner.sheet.zero')}
            </Button>
            <Button
              className="examiner-touch"
              disabled={disabled}
              onClick={() => set({ points: item.points })}
            >
              {item.points}
            </Button>
          </div>
        )}
        <Input
          className="examiner-touch"
          size="large"
          placeholder={t('examiner.sheet.note')}
          aria-label={`${t('examiner.sheet.note')} ${item.what}`}
          maxLength={500}
          disabled={disabled}
          value={value.note}
          onChange={(event) => set({ note: event.target.value }, true)}
        />
      </Flex>
    </Card>
  );
}
