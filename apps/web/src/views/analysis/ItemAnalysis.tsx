import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Perm, type ItemAnalysisView } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Result, Skeleton, Statistic, Tag } from 'antd';
import { SmallSwitch } from '../../components/SmallSwitch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getItemAnalysis } from '../../api/item-analysis';
import { useHasPermission } from '../../utils/use-access';
import { certificatesPath } from '../../components/analysis/certificate-paths';
import { ItemMastery } from './ItemMastery';
import { ItemScatterChart } from './ItemScatterChart';
import { ItemTable } from './ItemTable';
import { ItemTestFigures } from './ItemTestFigures';
import { ReleaseTag } from '../../components/analysis/ReleaseTag';
import { notReleased as refusedUnreleased } from './StatisticsState';
import { useExamParam } from './use-exam-param';
import { itemAnalysisKeys } from '../../components/analysis/item-analysis-format';
import './item-analysis.css';

const RANKING_PATH = '/examClassRanking';

/**
 * One exam's item analysis (docs/features/analysis.md): the test's figures, a facility × discrimination chart,
 * every question's figures with its flags and option shares, and mastery per course and point.
 * Released scores; staff who handle scores may switch to the unreleased ones.
 */
export default function ItemAnalysis() {
  const { t } = useTranslation();
  const { examId = 0 } = useExamParam();
  const known = examId > 0;
  // Only those who handle scores before release may read them (the server checks it too).
  const marker = useHasPermission(Perm.MARKING);
  const publisher = useHasPermission(Perm.PUBLISH);
  const mayIncludeUnreleased = marker || publisher;
  const [includeUnreleased, setIncludeUnreleased] = useState(false);
  const analysis = useQuery({
    queryKey: itemAnalysisKeys.exam(examId, includeUnreleased),
    queryFn: () => getItemAnalysis(examId, includeUnreleased, { quiet: true }),
    enabled: known,
  });

  if (!known) {
    return (
      <Card>
        <Result
          status="info"
          title={t('itemAnalysis.noExam')}
          subTitle={t('itemAnalysis.noExamHelp')}
          extra={<Link to={RANKING_PATH}>{t('itemAnalysis.toRanking')}</Link>}
        />
      </Card>
    );
  }
  if (analysis.isError) {
    const error = analysis.error;
    const notReleased = refusedUnreleased(error);
    return (
      <Card>
        <Result
          status={notReleased ? 'info' : 'warning'}
          className="item-analysis-problem"
          title={t(notReleased ? 'analysis.notReleased' : 'itemAnalysis.loadFailed')}
          subTitle={notReleased ? t('analysis.notReleasedHelp') : error.message}
          extra={
            notReleased && mayIncludeUnreleased ? (
              <Button type="primary" onClick={() => setIncludeUnreleased(true)}>
                {t('analysis.showUnreleased')}
              </Button>
            ) : (
              <Button icon={<ReloadOutlined />} onClick={() => void analysis.refetch()}>
                {t('itemAnalysis.reload')}
              </Button>
            )
          }
        />
      </Card>
    );
  }
  if (!analysis.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  const view = analysis.data;
  return (
    <Flex vertical gap={16} className="item-analysis">
      <Card
        title={
          <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
            <span className="item-analysis-exam">{view.examName}</span>
            <ReleaseTag released={view.released} />
            {view.drawnPerCandidate && <Tag color="blue">{t('itemAnalysis.drawn')}</Tag>}
          </Flex>
        }
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={analysis.isFetching}
            onClick={() => void analysis.refetch()}
            aria-label={t('itemAnalysis.reload')}
            title={t('itemAnalysis.reload')}
          />
        }
      >
        <Flex wrap gap={24} className="item-analysis-candidates">
          <Statistic title={t('itemAnalysis.candidates.total')} value={view.candidates.total} />
          <Statistic
            title={t('itemAnalysis.candidates.analysed')}
            value={view.candidates.analysed}
          />
          <Statistic title={t('itemAnalysis.candidates.absent')} value={view.candidates.absent} />
          <Statistic title={t('itemAnalysis.candidates.pending')} value={view.candidates.pending} />
        </Flex>
        <Notes view={view} />
        <Flex wrap gap={12} align="center" className="item-analysis-actions">
          {mayIncludeUnreleased && (!view.released || includeUnreleased) && (
            <SmallSwitch
              id="item-analysis-unreleased"
              label={t('analysis.includeUnreleased')}
              checked={includeUnreleased}
              onChange={setIncludeUnreleased}
            />
          )}
          <Link to={certificatesPath(view.examId)}>
            <SafetyCertificateOutlined /> {t('itemAnalysis.certificates')}
          </Link>
        </Flex>
      </Card>
      {view.candidates.analysed === 0 ? (
        <Alert type="info" showIcon title={t('itemAnalysis.noneAnalysed')} />
      ) : (
        <>
          <ItemTestFigures view={view} />
          <ItemScatterChart view={view} />
          <ItemTable view={view} />
          <ItemMastery view={view} />
        </>
      )}
    </Flex>
  );
}

/** What the reader must know to read the figures right: unreleased, drawn, still being marked. */
function Notes({ view }: { view: ItemAnalysisView }) {
  const { t } = useTranslation();
  const notes = [
    view.includesUnreleased && { type: 'warning' as const, text: t('analysis.unreleasedNote') },
    view.drawnPerCandidate && { type: 'info' as const, text: t('itemAnalysis.drawnNote') },
    view.candidates.pending > 0 && {
      type: 'info' as const,
      text: t('itemAnalysis.pendingNote', { count: view.candidates.pending }),
    },
  ].filter((note) => note !== false);
  if (notes.length === 0) return null;
  return (
    <Flex vertical gap={8} className="item-analysis-notes">
      {notes.map((note) => (
        <Alert key={note.text} type={note.type} showIcon title={note.text} />
      ))}
    </Flex>
  );
}
