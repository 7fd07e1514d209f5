import type { ItemAnalysisView, ItemFigures } from '@kaoshi/shared';
import {
  Card,
  Flex,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnType,
  type TableColumnsType,
} from 'antd';
import { SmallSwitch } from '../../components/SmallSwitch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_SCROLL } from '../../components/list/responsive';
import { useCodeLabel } from '../../utils/use-code-label';
import { points } from '../../components/marking/marking-format';
import { ItemOptionShares } from './ItemOptionShares';
import { HelpTitle } from './ItemHelpTitle';
import {
  FLAG_COLORS,
  index2,
  itemHeading,
  sortFlags,
} from '../../components/analysis/item-analysis-format';

/** Sorts nulls (no figure) last whichever way the column is sorted by the reader. */
const byFigure = (pick: (item: ItemFigures) => number | null) => (a: ItemFigures, b: ItemFigures) =>
  (pick(a) ?? -Infinity) - (pick(b) ?? -Infinity);

type IndexKey = 'facility' | 'discrimination' | 'itemRest';

/** Every question's figures, its flags as tags with why, and a choice question's option shares. */
export function ItemTable({ view }: { view: ItemAnalysisView }) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const flagged = view.items.filter((item) => item.flags.length > 0);
  const rows = flaggedOnly ? flagged : view.items;
  const { easy, hard, lowDiscrimination } = view.thresholds;
  const flagHelp = {
    tooEasy: t('itemAnalysis.flagHelp.tooEasy', { value: easy }),
    tooHard: t('itemAnalysis.flagHelp.tooHard', { value: hard }),
    negativeDiscrimination: t('itemAnalysis.flagHelp.negativeDiscrimination'),
    lowDiscrimination: t('itemAnalysis.flagHelp.lowDiscrimination', { value: lowDiscrimination }),
  };

  /** A column of one of the indices (two decimals), its header explaining it, sorted by it. */
  const indexColumn = (key: IndexKey): TableColumnType<ItemFigures> => ({
    key,
    title: (
      <HelpTitle title={t(`itemAnalysis.items.${key}`)} help={t(`itemAnalysis.items.${key}Help`)} />
    ),
    align: 'right',
    sorter: byFigure((item) => item[key]),
    render: (_, item) => <span data-cell={key}>{index2(item[key])}</span>,
  });

  const columns: TableColumnsType<ItemFigures> = [
    {
      key: 'question',
      title: t('itemAnalysis.items.question'),
      fixed: 'left',
      render: (_, item) => (
        <Flex vertical gap={2}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {itemHeading(t, item)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('itemAnalysis.items.bankId', { id: item.questionId })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('itemAnalysis.items.type'),
      render: (_, item) => (
        <Tag style={{ marginInlineEnd: 0 }}>{codeLabel('questionType', item.type)}</Tag>
      ),
    },
    {
      key: 'fullScore',
      title: t('itemAnalysis.items.fullScore'),
      align: 'right',
      render: (_, item) => points(item.fullScore),
    },
    {
      key: 'candidates',
      title: t('itemAnalysis.items.candidates'),
      align: 'right',
      render: (_, item) => item.candidates,
    },
    indexColumn('facility'),
    indexColumn('discrimination'),
    indexColumn('itemRest'),
    {
      key: 'meanSd',
      title: t('itemAnalysis.items.meanSd'),
      align: 'right',
      render: (_, item) => (
        <span data-cell="meanSd" style={{ whiteSpace: 'nowrap' }}>
          {points(item.mean)} / {points(item.sd)}
        </span>
      ),
    },
    {
      key: 'flags',
      title: t('itemAnalysis.items.flags'),
      render: (_, item) =>
        item.flags.length === 0 ? (
          <Typography.Text type="secondary">{t('itemAnalysis.items.noFlags')}</Typography.Text>
        ) : (
          <Flex gap={4} wrap className="item-flags">
            {sortFlags(item.flags).map((flag) => (
              <Tooltip key={flag} title={flagHelp[flag]}>
                <Tag
                  color={FLAG_COLORS[flag]}
                  data-flag={flag}
                  tabIndex={0}
                  style={{ marginInlineEnd: 0 }}
                >
                  {t(`itemAnalysis.flags.${flag}`)}
                </Tag>
              </Tooltip>
            ))}
          </Flex>
        ),
    },
  ];

  return (
    <Card
      size="small"
      className="item-table"
      title={t('itemAnalysis.items.title')}
      extra={
        <SmallSwitch
          id="item-flagged-only"
          label={t('itemAnalysis.items.flaggedOnly')}
          checked={flaggedOnly}
          onChange={setFlaggedOnly}
        />
      }
    >
      <Typography.Paragraph type="secondary" className="item-flag-summary">
        {t('itemAnalysis.items.flagSummary', {
          count: flagged.length,
          total: view.items.length,
        })}
      </Typography.Paragraph>
      <Table<ItemFigures>
        size="small"
        rowKey="itemId"
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={TABLE_SCROLL}
        locale={{ emptyText: t('itemAnalysis.items.empty') }}
        expandable={{
          rowExpandable: (item) => item.options !== null,
          expandedRowRender: (item) => <ItemOptionShares item={item} />,
        }}
      />
    </Card>
  );
}
