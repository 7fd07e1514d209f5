import type { PaperStatistics, QuestionTypeCode } from '@kaoshi/shared';
import { Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../utils/use-code-label';
import { paperFigures, type BuilderSection } from './builder-state';

interface PaperFiguresProps {
  sections: BuilderSection[];
  total: number;
  count: number;
  passScore: number | undefined;
  /** A blueprint's planned and drawn questions per appraisal point (from the last draw). */
  coverage?: PaperStatistics['byPoint'];
  /** A paper drawn per candidate: the figures are the rules', no fixed questions. */
  perCandidate: boolean;
}

/** The statistics panel: the total as the paper is built, and its mix by type, difficulty and course. */
export function PaperFigures({
  sections,
  total,
  count,
  passScore,
  coverage,
  perCandidate,
}: PaperFiguresProps) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const figures = paperFigures(sections);
  const list = <K,>(map: Map<K, { count: number; points: number }>, name: (key: K) => string) =>
    [...map.entries()].map(([key, value]) => ({ key: String(key), name: name(key), ...value }));

  return (
    <Card size="small" title={t('paper.figures.title')} className="paper-figures">
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'total',
              label: t('paper.figures.total'),
              children: <strong className="paper-total">{total}</strong>,
            },
            { key: 'count', label: t('paper.figures.count'), children: count },
            { key: 'pass', label: t('paper.fields.passScore'), children: passScore ?? '—' },
          ]}
        />
        {perCandidate ? (
          <Typography.Text type="secondary">{t('paper.figures.perCandidate')}</Typography.Text>
        ) : (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              locale={{ emptyText: t('paper.figures.none') }}
              dataSource={list(figures.byType, (type) =>
                codeLabel('questionType', type as QuestionTypeCode),
              )}
              columns={[
                { title: t('question.fields.type'), dataIndex: 'name' },
                { title: t('paper.figures.questions'), dataIndex: 'count', align: 'right' },
                { title: t('paper.figures.points'), dataIndex: 'points', align: 'right' },
              ]}
            />
            {figures.byDifficulty.size > 0 && (
              <Flex wrap gap={4} align="center">
                <Typography.Text type="secondary">
                  {t('question.fields.difficulty')}:
                </Typography.Text>
                {[...figures.byDifficulty.entries()]
                  .sort(([a], [b]) => a - b)
                  .map(([difficulty, { count: n }]) => (
                    <Tag key={difficulty} style={{ marginInlineEnd: 0 }}>
                      {t('paper.figures.difficultyCount', { difficulty, count: n })}
                    </Tag>
                  ))}
              </Flex>
            )}
            {figures.byCourse.size > 0 && (
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={list(figures.byCourse, (name) => name)}
                columns={[
                  { title: t('question.fields.course'), dataIndex: 'name' },
                  { title: t('paper.figures.questions'), dataIndex: 'count', align: 'right' },
                  { title: t('paper.figures.points'), dataIndex: 'points', align: 'right' },
                ]}
              />
            )}
            {figures.byPoint.size > 0 && !coverage?.length && (
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                className="paper-points"
                dataSource={list(figures.byPoint, (name) => name)}
                columns={[
                  { title: t('question.fields.point'), dataIndex: 'name' },
                  { title: t('paper.figures.questions'), dataIndex: 'count', align: 'right' },
                  { title: t('paper.figures.points'), dataIndex: 'points', align: 'right' },
                ]}
              />
            )}
          </>
        )}
        {coverage && coverage.length > 0 && (
          <Table
            size="small"
            pagination={false}
            rowKey="pointId"
            className="paper-coverage"
            title={() => t('paper.figures.coverage')}
            dataSource={coverage}
            columns={[
              {
                title: t('question.fields.point'),
                key: 'name',
                render: (_, point) => (
                  <Flex gap={4} align="center">
                    {point.importance && (
                      <Tag style={{ marginInlineEnd: 0 }}>{point.importance}</Tag>
                    )}
                    {point.name}
                  </Flex>
                ),
              },
              { title: t('paper.figures.planned'), dataIndex: 'planned', align: 'right' },
              {
                title: t('paper.figures.drawn'),
                key: 'drawn',
                align: 'right',
                render: (_, point) =>
                  point.drawn < point.planned ? (
                    <Typography.Text type="danger">{point.drawn}</Typography.Text>
                  ) : (
                    point.drawn
                  ),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
