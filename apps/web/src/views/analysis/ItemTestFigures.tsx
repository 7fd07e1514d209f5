import type { ItemAnalysisView } from '@kaoshi/shared';
import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { points } from '../../components/marking/marking-format';
import { HelpTitle } from './ItemHelpTitle';
import { index2 } from '../../components/analysis/item-analysis-format';

/**
 * The paper's figures as cards: alpha (and KR-20 when every question scores all or nothing),
 * SEM, mean, median, spread. The SEM is of the points, so it rests on alpha.
 */
export function ItemTestFigures({ view }: { view: ItemAnalysisView }) {
  const { t } = useTranslation();
  const { test } = view;
  const inPoints = (value: number | null) => ({
    value: points(value),
    suffix: value === null ? undefined : t('itemAnalysis.test.points'),
  });
  const cards = [
    {
      key: 'alpha',
      title: (
        <HelpTitle
          title={t('itemAnalysis.test.alpha')}
          help={
            view.drawnPerCandidate
              ? t('itemAnalysis.test.noReliability')
              : t('itemAnalysis.test.reliabilityHelp')
          }
        />
      ),
      value: index2(test.alpha),
      suffix: undefined,
    },
    ...(test.kr20 === null
      ? []
      : [
          {
            key: 'kr20',
            title: (
              <HelpTitle
                title={t('itemAnalysis.test.kr20')}
                help={t('itemAnalysis.test.kr20Help')}
              />
            ),
            value: index2(test.kr20),
            suffix: undefined,
          },
        ]),
    {
      key: 'sem',
      title: <HelpTitle title={t('itemAnalysis.test.sem')} help={t('itemAnalysis.test.semHelp')} />,
      ...inPoints(test.sem),
    },
    { key: 'mean', title: t('itemAnalysis.test.mean'), ...inPoints(test.mean) },
    { key: 'median', title: t('itemAnalysis.test.median'), ...inPoints(test.median) },
    { key: 'sd', title: t('itemAnalysis.test.sd'), ...inPoints(test.sd) },
  ];
  return (
    <section aria-label={t('itemAnalysis.test.title')} className="item-test-figures">
      {cards.map((card) => (
        <Card key={card.key} size="small" className="item-test-card" data-figure={card.key}>
          <Statistic title={card.title} value={card.value} suffix={card.suffix} />
        </Card>
      ))}
      <Card size="small" className="item-test-card" data-figure="questions">
        <Statistic
          title={t('itemAnalysis.test.questions')}
          value={test.questions}
          suffix={
            <span className="item-test-of">
              {t('itemAnalysis.test.ofFull', { score: points(test.fullScore) })}
            </span>
          }
        />
      </Card>
    </section>
  );
}
