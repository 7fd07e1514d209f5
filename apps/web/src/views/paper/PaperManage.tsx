import {
  CheckOutlined,
  CloseOutlined,
  CopyOutlined,
  PrinterOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  PAPER_AUDIT_FILTERS,
  PaperAudit,
  Perm,
  type CertLevel,
  type PaperListItem,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Form, Grid, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  auditPaper,
  copyPaper,
  deletePaper,
  listPapers,
  submitPaper,
  type PaperQuery,
} from '../../api/paper';
import { SelectFilter, TextFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { useLevelLabel } from '../../components/structure';
import { useUserStore } from '../../stores/user';
import { succeeded } from '../../utils/succeeded';
import { useHasPermission } from '../../utils/use-access';
import { useJobTypeLevelFilters } from '../../components/structure/job-type-level-filters';
import { RejectDialog } from '../../components/RejectDialog';
import { PaperAuditTag } from './PaperAuditTag';
import { PAPER_EDIT_PATH, PAPER_PRINT_PATH, paperKeys } from '../../components/paper/paper-routes';
import { RelativeTime } from '../../components/time/RelativeTime';

type FilterValues = Omit<PaperQuery, 'page' | 'limit'>;

const FILTER_CHAIN = ['subjectId', 'level'] as const;

/** Papers (试卷管理): find, build, copy, submit for the group audit, review, print, delete. */
export default function PaperManage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const userId = useUserStore((state) => state.info?.id);
  const mayAudit = useHasPermission(Perm.PAPER_AUDIT);
  const [filterForm] = Form.useForm<FilterValues>();
  const jobTypeLevel = useJobTypeLevelFilters(filterForm, FILTER_CHAIN);
  const papers = useListPage<PaperListItem, PaperQuery>({
    queryKey: paperKeys.list,
    fetchList: listPapers,
  });
  const reject = useDialog<PaperListItem>();
  const actionsColumn = useActionsColumn();

  const refresh = () => queryClient.invalidateQueries({ queryKey: paperKeys.all });
  const act = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSettled: refresh,
  });
  const run = async (call: () => Promise<unknown>, done: string) => {
    if (!(await succeeded(act.mutateAsync(call)))) return false;
    message.success(done);
    return true;
  };

  const edit = (id?: number) =>
    navigate(id === undefined ? PAPER_EDIT_PATH : `${PAPER_EDIT_PATH}?id=${id}`);

  const confirmDelete = (paper: PaperListItem) =>
    modal.confirm({
      title: t('paper.list.confirmDelete', { name: paper.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (await run(() => deletePaper(paper.id), t('paper.list.deleted'))) papers.afterDelete();
      },
    });

  const copy = async (paper: PaperListItem) => {
    const call = copyPaper(paper.id);
    if (!(await succeeded(call))) return;
    void refresh();
    message.success(t('paper.list.copied', { name: paper.name }));
  };

  const ownPaper = (paper: PaperListItem) => paper.authorId === userId;
  const canSubmit = (paper: PaperListItem) =>
    paper.auditStatus === null || paper.auditStatus === PaperAudit.FAILED;
  const canReview = (paper: PaperListItem) =>
    mayAudit && paper.auditStatus === PaperAudit.UNDER_REVIEW && !ownPaper(paper);

  const compact = !screens.xxl;
  const columns: TableColumnsType<PaperListItem> = [
    { title: t('paper.fields.id'), dataIndex: 'id', width: 64 },
    {
      title: t('paper.fields.name'),
      key: 'name',
      render: (_, paper) => (
        <Flex vertical gap={2} style={{ minWidth: 160, maxWidth: 320 }}>
          <Typography.Text strong ellipsis={{ tooltip: paper.name }} className="paper-name">
            {paper.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {paper.subjectName} · {levelLabel(paper.level as CertLevel)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('paper.fields.mode'),
      key: 'mode',
      render: (_, paper) => (
        <Flex gap={4} wrap>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`paper.modes.${paper.mode}`)}</Tag>
          {paper.drawPerCandidate && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              {t('paper.fields.perCandidateShort')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('paper.fields.questions'),
      dataIndex: 'questionCount',
      align: 'right',
      width: 88,
    },
    {
      title: t('paper.fields.totalAndPass'),
      key: 'total',
      align: 'right',
      render: (_, paper) => `${paper.total} / ${paper.passScore}`,
    },
    {
      title: t('paper.fields.duration'),
      key: 'duration',
      responsive: ['lg'],
      align: 'right',
      render: (_, paper) => t('paper.list.minutes', { count: paper.durationMinutes }),
    },
    {
      title: t('paper.fields.auditStatus'),
      key: 'auditStatus',
      width: 120,
      render: (_, paper) => <PaperAuditTag paper={paper} />,
    },
    { title: t('paper.fields.author'), dataIndex: 'authorName', responsive: ['xl'] },
    {
      title: t('paper.fields.updatedAt'),
      key: 'updatedAt',
      responsive: ['xxl'],
      // Relative to when the list was read; the exact time in the tooltip.
      render: (_, paper) => <RelativeTime at={paper.updatedAt} now={papers.list.dataUpdatedAt} />,
    },
    actionsColumn<PaperListItem>((paper) => (
      <>
        <EditAction compact={compact} onClick={() => edit(paper.id)} />
        <RowAction
          icon={<PrinterOutlined />}
          label={t('paper.actions.preview')}
          compact={compact}
          onClick={() => navigate(`${PAPER_PRINT_PATH}?id=${paper.id}`)}
        />
        <RowAction
          icon={<CopyOutlined />}
          label={t('paper.actions.copy')}
          compact={compact}
          onClick={() => void copy(paper)}
        />
        {canSubmit(paper) && (
          <RowAction
            icon={<SendOutlined />}
            label={t('paper.actions.submit')}
            compact={compact}
            onClick={() => void run(() => submitPaper(paper.id), t('paper.list.submitted'))}
          />
        )}
        {canReview(paper) && (
          <>
            <RowAction
              icon={<CheckOutlined />}
              label={t('paper.actions.pass')}
              compact={compact}
              onClick={() =>
                void run(() => auditPaper(paper.id, PaperAudit.PASSED), t('paper.list.passed'))
              }
            />
            <RowAction
              icon={<CloseOutlined />}
              label={t('paper.actions.fail')}
              danger
              compact={compact}
              onClick={() => reject.show(paper)}
            />
          </>
        )}
        <DeleteAction compact={compact} onClick={() => confirmDelete(paper)} />
      </>
    )),
  ];

  return (
    <ListPage<PaperListItem, FilterValues>
      list={papers}
      searchName="paperSearch"
      filterForm={filterForm}
      filterChain={FILTER_CHAIN}
      addLabel={t('paper.add')}
      onAdd={() => edit()}
      columns={columns}
      dialogs={
        <RejectDialog
          key={`reject-${reject.key}`}
          open={reject.open}
          count={1}
          title={t('paper.audit.failTitle', { name: reject.target?.name ?? '' })}
          okText={t('paper.actions.fail')}
          onReject={(reason) =>
            reject.target
              ? run(
                  () => auditPaper(reject.target!.id, PaperAudit.FAILED, reason),
                  t('paper.list.failed'),
                )
              : Promise.resolve(false)
          }
          onClose={reject.hide}
        />
      }
    >
      <TextFilter name="keyword" label={t('paper.list.keyword')} />
      {jobTypeLevel.items}
      <SelectFilter
        name="auditStatus"
        label={t('paper.fields.auditStatus')}
        options={PAPER_AUDIT_FILTERS.map((value) => ({
          value,
          label: t(`paper.audit.${value}`),
        }))}
      />
    </ListPage>
  );
}
