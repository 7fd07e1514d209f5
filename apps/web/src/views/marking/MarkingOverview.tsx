import {
  ArrowLeftOutlined,
  AuditOutlined,
  BarChartOutlined,
  EditOutlined,
  FileSearchOutlined,
  HighlightOutlined,
  KeyOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import {
  Perm,
  type MarkingItemProgress,
  type MarkingPlanView,
  type MarkingProgressView,
} from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  List,
  Progress,
  Result,
  Skeleton,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getMarkingProgress, getRelease } from '../../api/marking';
import { useDialog } from '../../components/list/use-dialog';
import { useUserStore } from '../../stores/user';
import { useCodeLabel } from '../../utils/use-code-label';
import { useHasPermission } from '../../utils/use-access';
import { itemAnalysisPath } from '../../components/analysis/item-analysis-format';
import { localTime } from '../../components/exam/exam-format';
import { ArbitrationDrawer } from './ArbitrationDrawer';
import { AuditDialog } from './AuditDialog';
import { KeyCorrectionDialog } from './KeyCorrectionDialog';
import {
  deskPath,
  markingKeys,
  MARKING_PATH,
  percent,
  points,
} from '../../components/marking/marking-format';
import { useItemLabel, useMarkerName } from './marking-names';
import { PlanDialog } from './PlanDialog';
import { ReleaseBar, releaseKey } from './ReleaseBar';
import { ScoreLogDrawer } from './ScoreLogDrawer';

/** One exam's marking: figures, questions with their progress and every chief's action. */
export function MarkingOverview({ examId }: { examId: number }) {
  const { t } = useTranslation();
  const progress = useQuery({
    queryKey: markingKeys.progress(examId),
    queryFn: () => getMarkingProgress(examId, { quiet: true }),
  });
  if (progress.isError) {
    return (
      <Result
        status="warning"
        title={t('marking.overview.loadFailed')}
        subTitle={progress.error.message}
        extra={<Link to={MARKING_PATH}>{t('marking.exams.back')}</Link>}
      />
    );
  }
  if (!progress.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return (
    <OverviewView
      view={progress.data}
      fetching={progress.isFetching}
      reload={() => void progress.refetch()}
    />
  );
}

type Dialog =
  | { kind: 'plan' }
  | { kind: 'arbitration' }
  | { kind: 'audit'; item: MarkingItemProgress }
  | { kind: 'key' }
  | { kind: 'log' };

function OverviewView({
  view,
  fetching,
  reload,
}: {
  view: MarkingProgressView;
  fetching: boolean;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const arbiter = useHasPermission(Perm.MARKING_ARBITRATE);
  const publisher = useHasPermission(Perm.PUBLISH);
  const analyst = useHasPermission(Perm.ANALYSIS);
  const dialog = useDialog<Dialog>();
  const arbitrations = view.items.reduce((sum, item) => sum + item.arbitration, 0);
  const kind = dialog.target?.kind;
  // The history from the start; each release or withdrawal answers it whole (ReleaseBar).
  const { data: release } = useQuery({
    queryKey: releaseKey(view.examId),
    queryFn: () => getRelease(view.examId, { quiet: true }),
    enabled: publisher,
  });
  const markerName = useMarkerName(view);

  return (
    <Flex vertical gap={16} className="marking-overview">
      <Card
        title={
          <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('marking.exams.back')}
              title={t('marking.exams.back')}
              onClick={() => void navigate(MARKING_PATH)}
            />
            <span className="marking-exam-title">{view.name}</span>
            {view.released ? (
              <Tag color="green">{t('marking.overview.released')}</Tag>
            ) : (
              <Tag>{t('marking.overview.notReleased')}</Tag>
            )}
          </Flex>
        }
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={fetching}
            onClick={reload}
            aria-label={t('marking.overview.reload')}
            title={t('marking.overview.reload')}
          />
        }
      >
        <Flex wrap gap={24} className="marking-figures">
          <Statistic title={t('marking.overview.candidates')} value={view.candidates} />
          <Statistic title={t('marking.overview.submitted')} value={view.submitted} />
          <Statistic title={t('marking.overview.absent')} value={view.absent} />
          <Statistic title={t('marking.overview.objectiveScored')} value={view.objectiveScored} />
        </Flex>
        <PlanSummary plan={view.plan} />
        <Flex wrap gap={8} className="marking-actions">
          {arbiter && (
            <Button icon={<SettingOutlined />} onClick={() => dialog.show({ kind: 'plan' })}>
              {t('marking.plan.edit')}
            </Button>
          )}
          {arbiter && (
            <Badge count={arbitrations} size="small">
              <Button
                icon={<AuditOutlined />}
                onClick={() => dialog.show({ kind: 'arbitration' })}
                className="marking-arbitration-open"
              >
                {t('marking.arbitration.open', { count: arbitrations })}
              </Button>
            </Badge>
          )}
          <Button icon={<FileSearchOutlined />} onClick={() => dialog.show({ kind: 'log' })}>
            {t('marking.overview.scoreLog')}
          </Button>
          {publisher && !view.released && (
            <Button icon={<KeyOutlined />} onClick={() => dialog.show({ kind: 'key' })}>
              {t('marking.key.open')}
            </Button>
          )}
          {publisher && <ReleaseBar view={view} />}
          {analyst && view.released && (
            <Button
              icon={<BarChartOutlined />}
              onClick={() => void navigate(itemAnalysisPath(view.examId))}
              className="marking-item-analysis"
            >
              {t('itemAnalysis.open')}
            </Button>
          )}
        </Flex>
        {release && release.history.length > 0 && (
          <List
            size="small"
            className="marking-release-history"
            header={<Typography.Text strong>{t('marking.release.history')}</Typography.Text>}
            dataSource={release.history}
            renderItem={(entry, i) => (
              <List.Item key={i}>
                <Flex gap={8} wrap>
                  <Tag color={entry.action === 'release' ? 'green' : 'red'}>
                    {t(`marking.release.actions.${entry.action}`)}
                  </Tag>
                  <span>{localTime(entry.at)}</span>
                  <Typography.Text type="secondary">
                    {entry.userName || markerName(entry.userId)}
                  </Typography.Text>
                  {entry.reason && <span>{entry.reason}</span>}
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>

      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('marking.overview.items')}
      </Typography.Title>
      {view.items.length === 0 ? (
        <Alert type="info" showIcon title={t('marking.overview.noItems')} />
      ) : (
        <div className="marking-items">
          {view.items.map((item) => (
            <ItemCard
              key={item.itemId}
              examId={view.examId}
              item={item}
              plan={view.plan}
              released={view.released}
              onAudit={() => dialog.show({ kind: 'audit', item })}
            />
          ))}
        </div>
      )}

      {arbiter && kind === 'plan' && (
        <PlanDialog key={dialog.key} open={dialog.open} view={view} onClose={dialog.hide} />
      )}
      {arbiter && kind === 'arbitration' && (
        <ArbitrationDrawer key={dialog.key} open={dialog.open} view={view} onClose={dialog.hide} />
      )}
      {arbiter && dialog.target?.kind === 'audit' && (
        <AuditDialog
          key={dialog.key}
          open={dialog.open}
          view={view}
          item={dialog.target.item}
          onClose={dialog.hide}
        />
      )}
      {publisher && kind === 'key' && (
        <KeyCorrectionDialog
          key={dialog.key}
          open={dialog.open}
          examId={view.examId}
          onClose={dialog.hide}
        />
      )}
      {kind === 'log' && (
        <ScoreLogDrawer key={dialog.key} open={dialog.open} view={view} onClose={dialog.hide} />
      )}
    </Flex>
  );
}

function PlanSummary({ plan }: { plan: MarkingPlanView | null }) {
  const { t } = useTranslation();
  if (!plan) {
    return (
      <Alert
        type="warning"
        showIcon
        className="marking-plan-summary"
        title={t('marking.overview.planNone')}
      />
    );
  }
  return (
    <Typography.Paragraph className="marking-plan-summary">
      <Typography.Text strong>{t('marking.overview.plan')}</Typography.Text>{' '}
      {t('marking.overview.planSummary', {
        mode: t(`marking.plan.modes.${plan.mode}`),
        double: plan.double
          ? t('marking.overview.doubleMarking')
          : t('marking.overview.singleMarking'),
        tolerance: points(plan.tolerance),
        step: points(plan.step),
        share: plan.auditShare,
      })}
    </Typography.Paragraph>
  );
}

function ItemCard({
  examId,
  item,
  plan,
  released,
  onAudit,
}: {
  examId: number;
  item: MarkingItemProgress;
  plan: MarkingPlanView | null;
  released: boolean;
  onAudit: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const codeLabel = useCodeLabel();
  const itemLabel = useItemLabel([item]);
  const userId = useUserStore((state) => state.info?.id);
  const arbiter = useHasPermission(Perm.MARKING_ARBITRATE);
  const assignedIds = plan?.assignments.find((a) => a.itemId === item.itemId)?.markerIds ?? [];
  const assignedCount = assignedIds.length;
  const assigned = userId !== undefined && assignedIds.includes(userId);
  const complete = item.answers > 0 && item.marked === item.answers;
  const auditColor = { 0: 'processing', 1: 'success', 2: 'error' } as const;

  return (
    <Card
      size="small"
      className="marking-item"
      data-item={item.itemId}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{itemLabel(item.itemId)}</span>
          <Tag style={{ marginInlineEnd: 0 }}>{codeLabel('questionType', item.type)}</Tag>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('marking.overview.fullScore', { score: points(item.fullScore) })}
          </Typography.Text>
        </Flex>
      }
      extra={
        assigned &&
        !released && (
          <Button
            type="primary"
            size="small"
            icon={<EditOutlined />}
            onClick={() => void navigate(deskPath(examId, item.itemId))}
            className="marking-mark"
          >
            {t('marking.overview.mark')}
          </Button>
        )
      }
    >
      <Progress
        percent={percent(item.marked, item.answers)}
        format={() => `${item.marked}/${item.answers}`}
        status={complete ? 'success' : 'active'}
        aria-label={t('marking.overview.marked')}
      />
      <dl className="marking-counts">
        <div>
          <dt>{t('marking.overview.answers')}</dt>
          <dd>{item.answers}</dd>
        </div>
        <div>
          <dt>{t('marking.overview.marked')}</dt>
          <dd>{item.marked}</dd>
        </div>
        <div>
          <dt>{t('marking.overview.inProgress')}</dt>
          <dd>{item.inProgress}</dd>
        </div>
        <div>
          <dt>{t('marking.overview.arbitration')}</dt>
          <dd className={item.arbitration > 0 ? 'marking-attention' : undefined}>
            {item.arbitration}
          </dd>
        </div>
        <div>
          <dt>{t('marking.overview.audit')}</dt>
          <dd>
            {item.audit === null ? (
              <Typography.Text type="secondary">{t('marking.overview.auditNone')}</Typography.Text>
            ) : (
              <Tag color={auditColor[item.audit]} style={{ marginInlineEnd: 0 }}>
                {codeLabel('groupAudit', item.audit)}
              </Tag>
            )}
          </dd>
        </div>
      </dl>
      <Typography.Text type="secondary" className="marking-markers-title">
        {t('marking.overview.markers')}
      </Typography.Text>
      {item.markers.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {assignedCount > 0
            ? t('marking.overview.assigned', { count: assignedCount })
            : t('marking.overview.noMarkers')}
        </Typography.Paragraph>
      ) : (
        <ul className="marking-markers">
          {item.markers.map((marker) => (
            <li key={marker.markerId}>
              <span className="marking-marker-name" title={marker.name}>
                {marker.name}
              </span>
              <Progress
                // A marker marks an answer at most once per round: the share of answers they marked.
                percent={percent(marker.marks, item.answers)}
                format={() => t('marking.overview.markerMarks', { count: marker.marks })}
                size="small"
                aria-label={marker.name}
              />
            </li>
          ))}
        </ul>
      )}
      {arbiter && (complete || item.audit !== null) && plan && plan.auditShare > 0 && (
        <Flex justify="end" style={{ marginTop: 8 }}>
          <Button
            size="small"
            icon={<HighlightOutlined />}
            onClick={onAudit}
            className="marking-audit-open"
          >
            {t('marking.audit.open')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
