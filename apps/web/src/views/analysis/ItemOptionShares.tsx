import { CheckCircleFilled } from '@ant-design/icons';
import type { ItemFigures } from '@kaoshi/shared';
import { Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { percent1 } from '../../components/analysis/item-analysis-format';

/**
 * A choice question's options in the paper's order: the share of candidates who picked each
 * (the distractors), the key marked, and how many chose nothing.
 */
export function ItemOptionShares({ item }: { item: ItemFigures }) {
  const { t } = useTranslation();
  if (!item.options) return null;
  return (
    <section className="item-options" aria-label={t('itemAnalysis.options.title')}>
      <Typography.Text strong>{t('itemAnalysis.options.title')}</Typography.Text>
      <ul className="item-option-list">
        {item.options.map((option) => (
          <li
            key={option.key}
            className={option.correct ? 'item-option correct' : 'item-option'}
            data-option={option.key}
            data-correct={option.correct}
          >
            <span className="item-option-key">
              {t('itemAnalysis.options.option', { key: option.key })}
            </span>
            <Progress
              className="item-option-bar"
              percent={option.share * 100}
              format={() => t('itemAnalysis.percent', { value: percent1(option.share) })}
              strokeColor={option.correct ? '#52c41a' : undefined}
              aria-label={t('itemAnalysis.options.option', { key: option.key })}
            />
            <Typography.Text type="secondary" className="item-option-count">
              {t('itemAnalysis.options.chosenBy', { count: option.count })}
            </Typography.Text>
            {option.correct ? (
              <Tag color="success" icon={<CheckCircleFilled />} className="item-option-tag">
                {t('itemAnalysis.options.key')}
              </Tag>
            ) : (
              <span className="item-option-tag" />
            )}
          </li>
        ))}
      </ul>
      {item.omitted > 0 && (
        <Typography.Text type="secondary">
          {t('itemAnalysis.options.omitted', { count: item.omitted })}
        </Typography.Text>
      )}
    </section>
  );
}
