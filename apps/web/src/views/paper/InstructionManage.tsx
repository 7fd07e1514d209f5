import { EyeOutlined } from '@ant-design/icons';
import type { InstructionView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flex, Form, Grid, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteInstruction, listInstructions, type InstructionQuery } from '../../api/paper';
import { SelectFilter, TextFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useDeleteConfirmation } from '../../components/list/use-delete-confirmation';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
import { InstructionFormDialog } from './InstructionFormDialog';
import { instructionKeys } from '../../components/paper/paper-routes';
import { InstructionPreviewDialog } from './InstructionPreviewDialog';
import { useReadingTime } from './InstructionReadingTime';
import { InstructionScope } from './InstructionScope';
import { InstructionStatusTag } from './InstructionStatusTag';
import { RelativeTime } from '../../components/time/RelativeTime';

/** The search bar's fields; the status select's 1 and 0 become `enabled`. */
interface FilterValues extends Omit<InstructionQuery, 'page' | 'limit' | 'enabled'> {
  enabled?: 1 | 0;
}

type Dialog =
  | { kind: 'form'; instruction?: InstructionView }
  | { kind: 'preview'; instruction: InstructionView };

/** Exam notices (考试须知): what examinees read before they start, per job type. */
export default function InstructionManage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const readingTime = useReadingTime();
  const [filterForm] = Form.useForm<FilterValues>();
  const instructions = useListPage<InstructionView, InstructionQuery>({
    queryKey: instructionKeys.list,
    fetchList: listInstructions,
  });
  const dialog = useDialog<Dialog>();
  const confirmDelete = useDeleteConfirmation();
  const actionsColumn = useActionsColumn();

  const remove = useMutation({
    mutationFn: deleteInstruction,
    // A refusal (10004: an exam uses it) may mean the list is out of date, too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: instructionKeys.all }),
  });

  // The server's own message tells why a delete was refused (10004 names the exams using it).
  const askDelete = (instruction: InstructionView) =>
    confirmDelete({
      title: t('instruction.deleteTitle'),
      name: instruction.title,
      remove: () => remove.mutateAsync(instruction.id),
      onDeleted: instructions.afterDelete,
    });

  // Labelled actions would cover the last columns below 1600 px: icons with tooltips there.
  const compact = !screens.xxl;
  // A phone keeps the title and the actions; scope, reading time and status go under the title.
  const phone = !screens.sm;
  const columns: TableColumnsType<InstructionView> = [
    {
      title: t('instruction.fields.title'),
      key: 'title',
      render: (_, instruction) => (
        <Flex vertical gap={4} style={{ minWidth: 120, maxWidth: screens.xxl ? 360 : 200 }}>
          <Typography.Text strong ellipsis={{ tooltip: instruction.title }}>
            {instruction.title}
          </Typography.Text>
          {phone && (
            <>
              <InstructionScope instruction={instruction} />
              <Flex gap={8} align="center" wrap>
                <InstructionStatusTag enabled={instruction.enabled} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {readingTime(instruction.minReadSeconds)}
                </Typography.Text>
              </Flex>
            </>
          )}
        </Flex>
      ),
    },
    {
      title: t('instruction.fields.scope'),
      key: 'scope',
      responsive: ['sm'],
      render: (_, instruction) => (
        <div style={{ minWidth: 100, maxWidth: screens.xxl ? 320 : 220 }}>
          <InstructionScope instruction={instruction} />
        </div>
      ),
    },
    {
      title: t('instruction.fields.minReadSeconds'),
      key: 'minReadSeconds',
      responsive: ['sm'],
      // The header wraps ("Tiempo mínimo de lectura") instead of widening the table.
      width: 120,
      render: (_, instruction) => readingTime(instruction.minReadSeconds),
    },
    {
      title: t('instruction.fields.status'),
      key: 'enabled',
      responsive: ['sm'],
      render: (_, instruction) => <InstructionStatusTag enabled={instruction.enabled} />,
    },
    {
      title: t('instruction.fields.author'),
      key: 'author',
      responsive: ['lg'],
      dataIndex: 'authorName',
    },
    {
      title: t('instruction.fields.updatedAt'),
      key: 'updatedAt',
      responsive: ['lg'],
      // Relative to when the list was read; the exact time in the tooltip.
      render: (_, instruction) => (
        <RelativeTime at={instruction.updatedAt} now={instructions.list.dataUpdatedAt} />
      ),
    },
    actionsColumn<InstructionView>((instruction) => (
      <>
        <EditAction compact={compact} onClick={() => dialog.show({ kind: 'form', instruction })} />
        <RowAction
          icon={<EyeOutlined />}
          label={t('instruction.preview.action')}
          compact={compact}
          onClick={() => dialog.show({ kind: 'preview', instruction })}
        />
        <DeleteAction compact={compact} onClick={() => askDelete(instruction)} />
      </>
    )),
  ];

  return (
    <ListPage<InstructionView, FilterValues>
      list={{
        ...instructions,
        search: ({ enabled, ...rest }) =>
          instructions.search({
            ...rest,
            enabled: enabled === 1 ? true : enabled === 0 ? false : undefined,
          }),
      }}
      searchName="instructionSearch"
      filterForm={filterForm}
      addLabel={t('instruction.add')}
      onAdd={() => dialog.show({ kind: 'form' })}
      columns={columns}
      dialogs={
        <>
          <InstructionFormDialog
            key={`form-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'form'}
            instruction={dialog.target?.kind === 'form' ? dialog.target.instruction : undefined}
            onClose={dialog.hide}
          />
          <InstructionPreviewDialog
            key={`preview-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'preview'}
            instruction={dialog.target?.kind === 'preview' ? dialog.target.instruction : undefined}
            onClose={dialog.hide}
          />
        </>
      }
    >
      <TextFilter name="keyword" label={t('instruction.list.keyword')} />
      <Form.Item name="subjectId" noStyle>
        <AnyJobTypeSelect
          placeholder={t('instruction.list.jobType')}
          aria-label={t('instruction.list.jobType')}
        />
      </Form.Item>
      <SelectFilter
        name="enabled"
        label={t('instruction.fields.status')}
        options={[
          { value: 1, label: t('instruction.status.enabled') },
          { value: 0, label: t('instruction.status.disabled') },
        ]}
      />
    </ListPage>
  );
}
