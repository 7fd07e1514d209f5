import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { PAGE_LIMIT_MAX, type AnalysisExamView, type RankingRow } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getClassRanking, type RankingFilter } from '../../api/analysis';
import { StatisticsState } from './StatisticsState';
import {
  formatDuration,
  formatPoints,
  sectionHeading,
} from '../../components/analysis/statistics-format';
import '../../styles/print-view.css';

interface RankingPrintProps {
  filter: RankingFilter;
  exam: AnalysisExamView;
  /** The batch printed; all batches when undefined. */
  className?: string;
  onClose: () => void;
}

/** Every row of the ranking, read a page (the most the server gives) at a time. */
async function allRows(filter: RankingFilter) {
  const first = await getClassRanking({ ...filter, page: 1, limit: PAGE_LIMIT_MAX });
  const rows: RankingRow[] = [...first.list];
  for (let page = 2; rows.length < first.total; page++) {
    const next = await getClassRanking({ ...filter, page, limit: PAGE_LIMIT_MAX });
    if (next.list.length === 0) break;
    rows.push(...next.list);
  }
  return { view: first, rows };
}

/**
 * The whole ranking laid out for A4 paper: heading, figures, every row. The browser prints what
 * is shown; the app's frame and the toolbar stay off paper (analysis.css).
 */
export function RankingPrint({ filter, exam, className, onClose }: RankingPrintProps) {
  const { t } = useTranslation();
  const data = useQuery({
    queryKey: ['analysis', 'classRankingPrint', filter],
    queryFn: () => allRows(filter),
  });
  const sections = data.data?.view.sections ?? [];
  return (
    <div className="analysis-print print-view">
      <Flex
        className="analysis-print-toolbar print-view-toolbar"
        wrap
        gap={8}
        justify="space-between"
      >
        <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
          {t('common.back')}
        </Button>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!data.data}
          onClick={() => window.print()}
        >
          {t('analysis.print')}
        </Button>
      </Flex>
      <StatisticsState
        isPending={data.isPending}
        error={data.error}
        onRetry={() => void data.refetch()}
      >
        {data.data ? (
          <article className="analysis-print-sheet">
            <h1>{t('analysis.ranking.printTitle', { name: exam.name })}</h1>
            <p className="analysis-print-facts">
              {[
                `${t('analysis.fields.batch')}: ${className ?? t('analysis.ranking.allBatches')}`,
                t('analysis.ranking.facts', {
                  total: formatPoints(exam.total),
                  pass: formatPoints(exam.passScore),
                  candidates: data.data.view.figures.candidates,
                  scored: data.data.view.figures.scored,
                }),
                exam.released ? t('analysis.released') : t('analysis.unreleased'),
                `${t('analysis.printedAt')}: ${dayjs().format('YYYY-MM-DD HH:mm')}`,
              ].join(' · ')}
            </p>
            <table>
              <thead>
                <tr>
                  <th>{t('analysis.ranking.rank')}</th>
                  <th>{t('analysis.fields.ticketNumber')}</th>
                  <th>{t('analysis.fields.name')}</th>
                  <th>{t('analysis.fields.batch')}</th>
                  <th>{t('analysis.fields.score')}</th>
                  {sections.map((section, index) => (
                    <th key={index}>
                      {sectionHeading(section, index, (n) => t('analysis.ranking.section', { n }))}
                    </th>
                  ))}
                  <th>{t('analysis.fields.result')}</th>
                  <th>{t('analysis.fields.timeUsed')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.rows.map((row) => (
                  <tr key={row.candidateId}>
                    <td>{row.rank ?? '–'}</td>
                    <td>{row.ticketNumber}</td>
                    <td>{row.name}</td>
                    <td>{row.className}</td>
                    <td>{row.absent ? t('analysis.absent') : formatPoints(row.score)}</td>
                    {sections.map((_, index) => (
                      <td key={index}>{formatPoints(row.sections[index])}</td>
                    ))}
                    <td>
                      {row.absent
                        ? '–'
                        : row.passed === null
                          ? t('analysis.pending')
                          : row.passed
                            ? t('analysis.passed')
                            : t('analysis.failed')}
                    </td>
                    <td>{formatDuration(row.timeUsed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Typography.Paragraph type="secondary" className="analysis-print-note">
              {t('analysis.ranking.printNote')}
            </Typography.Paragraph>
          </article>
        ) : (
          <Skeleton active />
        )}
      </StatisticsState>
    </div>
  );
}
