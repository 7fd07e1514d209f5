import type { Importance, ItemAnalysisView, MasteryRow } from '@kaoshi/shared';
import { Card, Progress, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { TABLE_SCROLL } from '../../components/list/responsive';
import { ImportanceTag } from '../../components/knowledge/ImportanceTag';
import { percent1 } from '../../components/analysis/item-analysis-format';

/** Mastery per course and per appraisal point (with its X/Y/Z importance), weakest first. */
export function ItemMastery({ view }: { view: ItemAnalysisView }) {
  const { t } = useTranslation();
  const columns = (withImportance: boolean): TableColumnsType<MasteryRow> => [
    { key: 'code', title: t('itemAnalysis.mastery.code'), dataIndex: 'code' },
    { key: 'name', title: t('itemAnalysis.mastery.name'), dataIndex: 'name' },
    ...(withImportance
      ? [
          {
            key: 'importance',
            title: t('itemAnalysis.mastery.importance'),
            render: (_: unknown, row: MasteryRow) =>
              row.importance ? <ImportanceTag importance={row.importance as Importance} /> : '—',
          },
        ]
      : []),
    {
      key: 'questions',
      title: t('itemAnalysis.mastery.questions'),
      dataIndex: 'questions',
      align: 'right',
    },
    {
      key: 'mastery',
      title: t('itemAnalysis.mastery.mastery'),
      defaultSortOrder: 'ascend',
      sorter: (a, b) => (a.mastery ?? -1) - (b.mastery ?? -1),
      render: (_, row) =>
        row.mastery === null ? (
          '—'
        ) : (
          <Progress
            className="item-mastery-bar"
            percent={row.mastery * 100}
            format={() => t('itemAnalysis.percent', { value: percent1(row.mastery) })}
            status="normal"
            data-mastery={row.mastery}
          />
        ),
    },
  ];
  const table = (rows: MasteryRow[], withImportance: boolean, name: string) => (
    <Table<MasteryRow>
      size="small"
      rowKey="id"
      className={`item-mastery-${name}`}
      dataSource={rows}
      columns={columns(withImportance)}
      pagination={false}
      scroll={TABLE_SCROLL}
      locale={{ emptyText: t('itemAnalysis.mastery.empty') }}
    />
  );
  return (
    <Card size="small" title={t('itemAnalysis.mastery.title')} className="item-mastery">
      <Typography.Paragraph type="secondary">{t('itemAnalysis.mastery.help')}</Typography.Paragraph>
      <Tabs
        items={[
          {
            key: 'points',
            label: t('itemAnalysis.mastery.points'),
            children: table(view.points, true, 'points'),
          },
          {
            key: 'courses',
            label: t('itemAnalysis.mastery.courses'),
            children: table(view.courses, false, 'courses'),
          },
        ]}
      />
    </Card>
  );
}
