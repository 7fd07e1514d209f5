import { BarChartOutlined, CheckCircleOutlined, SendOutlined } from '@ant-design/icons';
import {
  SKILL_ASSESSMENT_STATUSES,
  type CertLevel,
  type SkillAssessmentListItem,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Form, Grid, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/request';
import {
  closeAssessment,
  deleteAssessment,
  listAssessments,
  publishAssessment,
  type AssessmentQuery,
} from '../../api/skill-assessment';
import { SelectFilter, TextFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useListPage } from '../../components/list/use-list-page';
import { useLevelLabel } from '../../components/structure';
import { useJobTypeLevelFilters } from '../../components/structure/job-type-level-filters';
import { succeeded } from '../../utils/succeeded';
import {
  ASSESSMENT_ANALYSIS_PATH,
  ASSESSMENT_EDIT_PATH,
  STATUS_COLORS,
  assessmentKeys,
} from './assessment-routes';

type FilterValues = Omit<AssessmentQuery, 'page' | 'limit'>;

const FILTER_CHAIN = ['subjectId', 'level'] as const;

/** Skills operation assessments (操作技能考核): find, edit a draft, publish, close, delete, analyse. */
export default function AssessmentManage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const [filterForm] = Form.useForm<FilterValues>();
  const jobTypeLevel = useJobTypeLevelFilters(filterForm, FILTER_CHAIN);
  const assessments = useListPage<SkillAssessmentListItem, AssessmentQuery>({
    queryKey: assessmentKeys.list,
    fetchList: listAssessments,
  });
  const actionsColumn = useActionsColumn();

  const act = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });

  const edit = (id?: number) =>
    navigate(id === undefined ? ASSESSMENT_EDIT_PATH : `${ASSESSMENT_EDIT_PATH}?id=${id}`);

  const confirmDelete = (assessment: SkillAssessmentListItem) =>
    modal.confirm({
      title: t('skills.assessment.list.confirmDelete', { name: assessment.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!(await succeeded(act.mutateAsync(() => deleteAssessment(assessment.id))))) return;
        message.success(t('skills.assessment.list.deleted'));
        assessments.afterDelete();
      },
    });

  const confirmPublish = (assessment: SkillAssessmentListItem) =>
    modal.confirm({
      title: t('skills.assessment.list.confirmPublish', { name: assessment.name }),
      content: t('skills.assessment.list.publishHelp'),
      okText: t('skills.assessment.actions.publish'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const done = await act.mutateAsync(() =>
            publishAssessment(assessment.id, { quiet: true }),
          );
          message.success(
            t('skills.assessment.list.published', {
              count: (done as { candidates: number }).candidates,
            }),
          );
        } catch (error) {
          // The refusal in full (too few places: how many are missing), not a passing toast.
          if (error instanceof ApiError) {
            modal.error({
              title: t('skills.assessment.list.publishRefused'),
              content: error.message,
            });
          }
        }
      },
    });

  const confirmClose = (assessment: SkillAssessmentListItem) =>
    modal.confirm({
      title: t('skills.assessment.list.confirmClose', { name: assessment.name }),
      okText: t('skills.assessment.actions.close'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!(await succeeded(act.mutateAsync(() => closeAssessment(assessment.id))))) return;
        message.success(t('skills.assessment.list.closed'));
      },
    });

  const compact = !screens.xxl;
  const columns: TableColumnsType<SkillAssessmentListItem> = [
    { title: t('skills.assessment.fields.id'), dataIndex: 'id', width: 64 },
    {
      title: t('skills.assessment.fields.name'),
      key: 'name',
      render: (_, row) => (
        <Flex vertical gap={2} style={{ minWidth: 160, maxWidth: 320 }}>
          <Typography.Text strong ellipsis={{ tooltip: row.name }}>
            {row.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.subjectName} · {levelLabel(row.level as CertLevel)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('skills.assessment.fields.sheet'),
      key: 'sheet',
      responsive: ['md'],
      render: (_, row) => (
        <Flex gap={4} wrap align="center">
          <Typography.Text ellipsis={{ tooltip: row.sheetName }} style={{ maxWidth: 200 }}>
            {row.sheetName}
          </Typography.Text>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t('skills.sheet.list.version', { version: row.sheetVersion })}
          </Tag>
        </Flex>
      ),
    },
    {
      title: t('skills.assessment.fields.startsAt'),
      key: 'startsAt',
      responsive: ['lg'],
      render: (_, row) => (row.startsAt ? dayjs(row.startsAt).format('YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: t('skills.assessment.fields.sessions'),
      dataIndex: 'sessionCount',
      align: 'right',
      responsive: ['sm'],
      width: 88,
    },
    {
      title: t('skills.assessment.fields.candidates'),
      dataIndex: 'candidateCount',
      align: 'right',
      width: 88,
    },
    {
      title: t('skills.assessment.fields.status'),
      key: 'status',
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]} style={{ marginInlineEnd: 0 }}>
          {t(`skills.assessment.status.${row.status}`)}
        </Tag>
      ),
    },
    actionsColumn<SkillAssessmentListItem>((row) => (
      <>
        <EditAction
          compact={compact}
          blockedBy={row.status === 'draft' ? undefined : t('skills.assessment.list.notDraft')}
          onClick={() => edit(row.id)}
        />
        {row.status === 'draft' && (
          <RowAction
            icon={<SendOutlined />}
            label={t('skills.assessment.actions.publish')}
            compact={compact}
            onClick={() => confirmPublish(row)}
          />
        )}
        {row.status !== 'draft' && (
          <RowAction
            icon={<BarChartOutlined />}
            label={t('skillAnalysis.action')}
            compact={compact}
            onClick={() => navigate(`${ASSESSMENT_ANALYSIS_PATH}?id=${row.id}`)}
          />
        )}
        {row.status === 'published' && (
          <RowAction
            icon={<CheckCircleOutlined />}
            label={t('skills.assessment.actions.close')}
            compact={compact}
            onClick={() => confirmClose(row)}
          />
        )}
        <DeleteAction
          compact={compact}
          blockedBy={row.status === 'draft' ? undefined : t('skills.assessment.list.notDraft')}
          onClick={() => confirmDelete(row)}
        />
      </>
    )),
  ];

  return (
    <ListPage<SkillAssessmentListItem, FilterValues>
      list={assessments}
      searchName="assessmentSearch"
      filterForm={filterForm}
      filterChain={FILTER_CHAIN}
      addLabel={t('skills.assessment.add')}
      onAdd={() => edit()}
      columns={columns}
    >
      <TextFilter name="keyword" label={t('skills.assessment.list.keyword')} />
      {jobTypeLevel.items}
      <SelectFilter
        name="status"
        label={t('skills.assessment.fields.status')}
        options={SKILL_ASSESSMENT_STATUSES.map((status) => ({
          value: status,
          label: t(`skills.assessment.status.${status}`),
        }))}
      />
    </ListPage>
  );
}
