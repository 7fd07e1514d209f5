import type { QuestionExportFormat } from '@kaoshi/shared';
import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  RollbackOutlined,
  SendOutlined,
  StopOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  AUDIT_STATUSES,
  Perm,
  QUESTION_SORT_FIELDS,
  type QuestionBatchAction,
  type QuestionBatchResult,
  type QuestionSortField,
  type QuestionView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Grid, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  batchQuestions,
  exportQuestions,
  listQuestions,
  type QuestionFilter,
  type QuestionQuery,
} from '../../api/question';
import { BatchBar } from '../../components/list/BatchBar';
import { SelectFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { ExportButton } from '../../components/list/ExportButton';
import { cleanFilters, filtersOf } from '../../components/list/search-params';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { useRowSelection } from '../../components/list/use-row-selection';
import { currentLanguage } from '../../i18n';
import { succeeded } from '../../utils/succeeded';
import { useCodeOptions } from '../../utils/use-code-label';
import { useHasPermission } from '../../utils/use-access';
import { useBatchFailureText } from './batch-failure';
import { useQuestionFilters } from '../../components/question/question-filters';
import { QuestionFormDialog } from './QuestionFormDialog';
import { QuestionImportDialog } from './QuestionImportDialog';
import { QuestionPreviewDialog } from '../../components/question/QuestionPreviewDialog';
import { useQuestionFigures } from './question-figures';
import { questionKeys } from './queries';
import { useJobTypeLevelFilters } from '../../components/structure/job-type-level-filters';
import { RejectDialog } from '../../components/RejectDialog';
import { plainExcerpt } from '../../components/question/plain-text';
import { nextPlacement, type QuestionPlacement } from './question-form';
import { useQuestionColumns } from './use-question-columns';

/** The search bar's fields; the retired switch becomes `retired: 1`. */
interface FilterValues extends Omit<QuestionFilter, 'retired'> {
  retired?: boolean;
}

const FILTER_CHAIN = ['subjectId', 'level', 'courseId', 'pointId'] as const;

type Dialog =
  | { kind: 'form'; question?: QuestionView }
  | { kind: 'preview'; question: QuestionView }
  | { kind: 'reject'; ids: number[] }
  | { kind: 'import' };

/** The question bank (题库): search, add and edit, review, retire, import and export. */
export default function QuestionBank() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const codeOptions = useCodeOptions();
  const failureText = useBatchFailureText();
  const mayAudit = useHasPermission(Perm.QUESTION_AUDIT);
  const [filterForm] = Form.useForm<FilterValues>();
  const jobTypeLevel = useJobTypeLevelFilters(filterForm, FILTER_CHAIN);
  const filters = useQuestionFilters(filterForm, jobTypeLevel.subjectId, jobTypeLevel.level);
  const questions = useListPage<QuestionView, QuestionQuery, QuestionSortField>({
    queryKey: questionKeys.list,
    fetchList: listQuestions,
    orderFields: QUESTION_SORT_FIELDS,
    defaultSort: { orderBy: 'id', order: 'desc' },
    resetKeepsOrdering: true,
  });
  const { query, sortable } = questions;
  const { selected, setSelected, rowSelection } = useRowSelection<QuestionView>();
  /** Where the last question added went: the next one starts there (questions come in runs). */
  const [lastPlacement, setLastPlacement] = useState<QuestionPlacement>();
  // A phone shows the keyword and type; the other filters on demand, not a screen of selects.
  const [moreFilters, setMoreFilters] = useState(false);
  const allFilters = screens.md || moreFilters;
  const dialog = useDialog<Dialog>();
  const figures = useQuestionFigures(questions.list.data?.list.map((row) => row.id) ?? []);

  const batch = useMutation({
    mutationFn: ({
      ids,
      action,
      reason,
    }: {
      ids: number[];
      action: QuestionBatchAction;
      reason?: string;
    }) => batchQuestions(ids, action, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });

  /** Says what a batch did: all done, or how many were refused and why, id by id. */
  const report = (action: QuestionBatchAction, result: QuestionBatchResult) => {
    const done = t(`question.batch.done.${action}`, { count: result.succeeded.length });
    if (result.failed.length === 0) {
      message.success(done);
      return;
    }
    modal.warning({
      title: t('question.batch.partly', {
        done: result.succeeded.length,
        failed: result.failed.length,
      }),
      okText: t('common.ok'),
      width: 560,
      content: (
        <Flex vertical gap={4} className="question-batch-failures">
          {result.failed.map((failure) => {
            const stem = questions.list.data?.list.find((row) => row.id === failure.id);
            return (
              <Typography.Text key={failure.id}>
                <Typography.Text strong>#{failure.id}</Typography.Text>
                {stem ? ` ${plainExcerpt(stem.content).short(24)}` : ''}
                {' — '}
                {failureText(failure.message)}
              </Typography.Text>
            );
          })}
        </Flex>
      ),
    });
  };

  const run = async (ids: number[], action: QuestionBatchAction, reason?: string) => {
    const call = batch.mutateAsync({ ids, action, reason });
    if (!(await succeeded(call))) return false;
    const result = await call;
    report(action, result);
    if (action === 'delete' || action === 'retire' || action === 'restore') {
      // These leave the list being shown: keep the page in range and the selection to what stays.
      questions.afterDelete();
    }
    setSelected((current) => current.filter((id) => !result.succeeded.includes(id)));
    return true;
  };

  const confirm = (ids: number[], action: Exclude<QuestionBatchAction, 'reject'>) => {
    const danger = action === 'delete' || action === 'retire';
    modal.confirm({
      title: t(`question.batch.confirm.${action}`, { count: ids.length }),
      content: action === 'delete' ? t('question.batch.deleteNote') : undefined,
      okText: t(`question.actions.${action}`),
      okButtonProps: { danger },
      cancelText: t('common.cancel'),
      onOk: () => run(ids, action),
    });
  };

  const search = (values: FilterValues) => {
    const { retired, ...rest } = values;
    questions.search({ ...rest, retired: retired ? 1 : undefined });
    setSelected([]);
  };

  const columns = useQuestionColumns({
    sortable,
    listedAt: questions.list.dataUpdatedAt,
    figures,
    onPreview: (question) => dialog.show({ kind: 'preview', question }),
    onEdit: (question) => dialog.show({ kind: 'form', question }),
    onReject: (question) => dialog.show({ kind: 'reject', ids: [question.id] }),
    run,
    confirm,
  });

  const placement = () =>
    nextPlacement(
      {
        subjectId: query.subjectId,
        level: query.level,
        courseId: query.courseId,
        pointId: query.pointId,
      },
      lastPlacement,
    );
  const retiredList = query.retired === 1;

  return (
    <ListPage<QuestionView, FilterValues>
      list={{
        tableProps: questions.tableProps,
        search,
        reset: () => {
          questions.reset();
          setSelected([]);
        },
      }}
      searchName="questionSearch"
      filterForm={filterForm}
      filterChain={FILTER_CHAIN}
      addLabel={t('question.add')}
      onAdd={() => dialog.show({ kind: 'form' })}
      toolbarClassName="question-toolbar"
      toolbar={
        <>
          <Button icon={<UploadOutlined />} onClick={() => dialog.show({ kind: 'import' })}>
            {t('question.import.open')}
          </Button>
          <ExportButton
            icon={<DownloadOutlined />}
            label={t('question.export')}
            doneMessage={t('question.exported')}
            choices={[
              { key: 'xlsx', label: t('question.exportFormats.xlsx') },
              { key: 'qti3', label: t('question.exportFormats.qti3') },
              { key: 'qti22', label: t('question.exportFormats.qti22') },
              { key: 'moodleXml', label: t('question.exportFormats.moodleXml') },
            ]}
            onExport={(format) =>
              exportQuestions(
                cleanFilters(filtersOf(query)),
                currentLanguage(),
                format as QuestionExportFormat,
              )
            }
          />
        </>
      }
      aboveTable={
        selected.length > 0 && (
          <BatchBar
            className="question-batch-actions"
            label={t('question.batch.selected', { count: selected.length })}
            clearLabel={t('question.batch.clear')}
            onClear={() => setSelected([])}
          >
            {!retiredList && (
              <Button
                size="small"
                icon={<SendOutlined />}
                onClick={() => confirm(selected, 'submit')}
              >
                {t('question.actions.submit')}
              </Button>
            )}
            {mayAudit && !retiredList && (
              <>
                <Button
                  size="small"
                  icon={<CheckOutlined />}
                  onClick={() => confirm(selected, 'approve')}
                >
                  {t('question.actions.approve')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<CloseOutlined />}
                  onClick={() => dialog.show({ kind: 'reject', ids: selected })}
                >
                  {t('question.actions.reject')}
                </Button>
              </>
            )}
            {retiredList ? (
              <Button
                size="small"
                icon={<RollbackOutlined />}
                onClick={() => confirm(selected, 'restore')}
              >
                {t('question.actions.restore')}
              </Button>
            ) : (
              <Button
                size="small"
                icon={<StopOutlined />}
                onClick={() => confirm(selected, 'retire')}
              >
                {t('question.actions.retire')}
              </Button>
            )}
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirm(selected, 'delete')}
            >
              {t('common.delete')}
            </Button>
          </BatchBar>
        )
      }
      columns={columns}
      tableProps={{ rowSelection }}
      dialogs={
        <>
          <QuestionFormDialog
            key={`form-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'form'}
            question={dialog.target?.kind === 'form' ? dialog.target.question : undefined}
            placement={placement()}
            onAdded={setLastPlacement}
            onClose={dialog.hide}
          />
          <QuestionPreviewDialog
            key={`preview-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'preview'}
            question={dialog.target?.kind === 'preview' ? dialog.target.question : undefined}
            onClose={dialog.hide}
          />
          <RejectDialog
            key={`reject-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'reject'}
            count={dialog.target?.kind === 'reject' ? dialog.target.ids.length : 0}
            onReject={(reason) =>
              dialog.target?.kind === 'reject'
                ? run(dialog.target.ids, 'reject', reason)
                : Promise.resolve(false)
            }
            onClose={dialog.hide}
          />
          <QuestionImportDialog
            key={`import-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'import'}
            placement={placement()}
            onClose={dialog.hide}
          />
        </>
      }
    >
      {filters.keyword}
      {filters.type}
      {allFilters && [
        ...jobTypeLevel.items,
        filters.course,
        filters.point,
        filters.difficulty,
        <SelectFilter
          key="auditStatus"
          name="auditStatus"
          label={t('question.fields.auditStatus')}
          options={codeOptions('auditStatus', AUDIT_STATUSES)}
        />,
        <Flex key="retired" align="center" gap={8} style={{ height: '100%' }}>
          <Form.Item name="retired" valuePropName="checked" noStyle>
            <Switch id="question-retired" />
          </Form.Item>
          <label htmlFor="question-retired">{t('question.list.retired')}</label>
        </Flex>,
      ]}
      {!screens.md && (
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => setMoreFilters(!moreFilters)}
        >
          {t(moreFilters ? 'question.list.fewerFilters' : 'question.list.moreFilters')}
        </Button>
      )}
    </ListPage>
  );
}
