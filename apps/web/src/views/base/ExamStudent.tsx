import {
  CheckCircleOutlined,
  DownloadOutlined,
  KeyOutlined,
  StopOutlined,
  SwapOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  type CertLevel,
  Perm,
  STUDENT_ORDER_FIELDS,
  type StudentOrderField,
  type StudentView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Flex,
  Form,
  Grid,
  Space,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  batchResetStudentPassword,
  batchSetStudentStatus,
  deleteStudent,
  getStudent,
  listStudents,
  type StudentFilter,
  type StudentQuery,
} from '../../api/base';
import { exportStudents } from '../../api/student-import';
import { BatchBar } from '../../components/list/BatchBar';
import { SelectFilter, TextFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { DeleteAction, EditAction } from '../../components/list/RowAction';
import {
  AccommodationAction,
  AccommodationDialog,
} from '../../components/accommodation/AccommodationDialog';
import { ExportButton } from '../../components/list/ExportButton';
import { cleanFilters, filtersOf } from '../../components/list/search-params';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { useRowSelection } from '../../components/list/use-row-selection';
import { STRUCTURE_CHAIN, useLevelLabel } from '../../components/structure';
import { useStructureFilters } from '../../components/structure/structure-filters';
import { currentLanguage } from '../../i18n';
import { succeeded } from '../../utils/succeeded';
import { MoveStudentsModal } from './MoveStudentsModal';
import { InitialPasswordList } from './InitialPasswordList';
import { baseKeys } from '../../components/knowledge/queries';
import { StudentFormModal } from './StudentFormModal';
import { StudentImportDialog } from './StudentImportDialog';
import { ID_TYPE_KEYS, genderKey, isIdType } from './student-rules';
import { useHasPermission } from '../../utils/use-access';

type Dialog =
  | { kind: 'form'; student?: StudentView }
  | { kind: 'move' }
  | { kind: 'import' }
  | { kind: 'accommodation'; student: StudentView };

/** Students (考生): search, add and edit, batch actions, import and export. */
export default function ExamStudent() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const actionsColumn = useActionsColumn();
  const [filterForm] = Form.useForm<StudentFilter>();
  const structure = useStructureFilters(filterForm, { levelAfterJobType: true });
  // No arrow until a column is chosen; the chosen ordering outlives a reset of the filters.
  const students = useListPage<StudentView, StudentQuery, StudentOrderField>({
    queryKey: baseKeys.students,
    fetchList: listStudents,
    orderFields: STUDENT_ORDER_FIELDS,
    resetKeepsOrdering: true,
  });
  const { query, sortable } = students;
  const { selected, setSelected, rowSelection } = useRowSelection<StudentView>();
  const dialog = useDialog<Dialog>();
  const mayImport = useHasPermission(Perm.STUDENT_IMPORT);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: baseKeys.students });
  const removeStudent = useMutation({ mutationFn: deleteStudent, onSuccess: invalidate });
  const resetPasswords = useMutation({ mutationFn: batchResetStudentPassword });
  const setStatus = useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: 0 | 1 }) =>
      batchSetStudentStatus(ids, status),
    onSuccess: invalidate,
  });

  const confirmDelete = (student: StudentView) => {
    modal.confirm({
      title: t('base.student.deleteTitle'),
      content: t('base.student.deleteText', { name: student.name, ticket: student.ticketNumber }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!(await succeeded(removeStudent.mutateAsync(student.id)))) return;
        message.success(t('common.deleted'));
        setSelected((ids) => ids.filter((id) => id !== student.id));
        students.afterDelete();
      },
    });
  };

  const confirmResetPasswords = () => {
    const ids = selected;
    modal.confirm({
      title: t('base.student.resetPasswordTitle'),
      content: t('base.student.resetPasswordText', { count: ids.length }),
      okText: t('base.student.resetPassword'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const call = resetPasswords.mutateAsync(ids);
        if (!(await succeeded(call))) return;
        const { count, accounts } = await call;
        message.success(t('base.student.passwordReset', { count }));
        setSelected([]);
        modal.info({
          title: t('base.student.initialPasswordsTitle'),
          width: 640,
          content: <InitialPasswordList accounts={accounts} />,
        });
      },
    });
  };

  const confirmStatus = (status: 0 | 1) => {
    const ids = selected;
    const enable = status === 1;
    modal.confirm({
      title: t(enable ? 'base.student.enableTitle' : 'base.student.disableTitle'),
      content: t(enable ? 'base.student.enableText' : 'base.student.disableText', {
        count: ids.length,
      }),
      okText: t(enable ? 'base.student.enable' : 'base.student.disable'),
      okButtonProps: { danger: !enable },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const call = setStatus.mutateAsync({ ids, status });
        if (!(await succeeded(call))) return;
        const { count } = await call;
        message.success(t(enable ? 'base.student.enabled' : 'base.student.disabled', { count }));
        setSelected([]);
      },
    });
  };

  // Labelled actions would cover the last columns below 1600 px: icons with tooltips there.
  const compact = !screens.xxl;
  /** The list shows ID numbers masked: the dialog edits the full record, read when it opens. */
  const edit = async (row: StudentView) => {
    try {
      dialog.show({ kind: 'form', student: await getStudent(row.id) });
    } catch {
      // The request layer has shown why.
    }
  };

  const columns: TableColumnsType<StudentView> = [
    {
      title: t('base.student.ticketNumber'),
      dataIndex: 'ticketNumber',
      ...sortable('ticketNumber'),
      render: (ticket: string) => (
        <Typography.Text copyable={{ text: ticket }} className="ticket-number">
          {ticket}
        </Typography.Text>
      ),
    },
    {
      title: t('base.student.name'),
      ...sortable('name'),
      render: (_, student) => (
        <Space size={8}>
          {/* Beside the name it would only repeat: a decorative image (empty alt). */}
          <Avatar size="small" src={student.photo || undefined} alt="">
            {student.name.slice(0, 1)}
          </Avatar>
          <span>{student.name}</span>
        </Space>
      ),
    },
    {
      title: t('base.student.gender'),
      key: 'gender',
      responsive: ['xxl'],
      render: (_, student) => t(`base.student.genders.${genderKey(student.gender)}`),
    },
    {
      title: t('base.student.idNumber'),
      ...sortable('idNumber'),
      render: (_, student) => (
        <Flex vertical>
          <span>{student.idNumber}</span>
          {isIdType(student.idType) && student.idType !== 1 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`base.student.idTypes.${ID_TYPE_KEYS[student.idType]}`)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('base.student.phone'), dataIndex: 'phone', responsive: ['lg'] },
    {
      title: t('base.student.batch'),
      ...sortable('className'),
      render: (_, student) => (
        <Flex vertical>
          <span>{student.className}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {student.subjectName} · {levelLabel(student.level as CertLevel)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('base.student.project'),
      key: 'project',
      responsive: ['xxl'],
      render: (_, student) => (
        <Flex vertical>
          <span>{student.schoolName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {student.departmentName}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('base.student.status'),
      ...sortable('status'),
      render: (_, student) =>
        student.status === 1 ? (
          <Tag color="success">{t('base.student.statuses.enabled')}</Tag>
        ) : (
          <Tag color="default">{t('base.student.statuses.disabled')}</Tag>
        ),
    },
    {
      title: t('base.student.createdAt'),
      ...sortable('createdAt'),
      responsive: ['xxl'],
      render: (_, student) => dayjs(student.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    actionsColumn<StudentView>((student) => (
      <>
        <EditAction compact={compact} onClick={() => void edit(student)} />
        <AccommodationAction
          compact={compact}
          onClick={() => dialog.show({ kind: 'accommodation', student })}
        />
        <DeleteAction compact={compact} onClick={() => confirmDelete(student)} />
      </>
    )),
  ];

  return (
    <ListPage<StudentView, StudentFilter>
      list={students}
      searchName="studentSearch"
      filterForm={filterForm}
      filterChain={STRUCTURE_CHAIN}
      addLabel={t('base.student.add')}
      onAdd={() => dialog.show({ kind: 'form' })}
      toolbarClassName="student-toolbar"
      toolbar={
        <>
          {mayImport && (
            <Button icon={<UploadOutlined />} onClick={() => dialog.show({ kind: 'import' })}>
              {t('base.student.import')}
            </Button>
          )}
          <ExportButton
            icon={<DownloadOutlined />}
            label={t('base.student.export')}
            doneMessage={t('base.student.exported')}
            onExport={() => exportStudents(cleanFilters(filtersOf(query)), currentLanguage())}
          />
        </>
      }
      aboveTable={
        selected.length > 0 && (
          <BatchBar
            className="student-batch-actions"
            label={t('base.student.selected', { count: selected.length })}
            clearLabel={t('base.student.clearSelection')}
            onClear={() => setSelected([])}
          >
            <Button
              size="small"
              icon={<SwapOutlined />}
              onClick={() => dialog.show({ kind: 'move' })}
            >
              {t('base.student.move')}
            </Button>
            <Button size="small" icon={<KeyOutlined />} onClick={confirmResetPasswords}>
              {t('base.student.resetPassword')}
            </Button>
            <Button size="small" icon={<CheckCircleOutlined />} onClick={() => confirmStatus(1)}>
              {t('base.student.enable')}
            </Button>
            <Button size="small" danger icon={<StopOutlined />} onClick={() => confirmStatus(0)}>
              {t('base.student.disable')}
            </Button>
          </BatchBar>
        )
      }
      columns={columns}
      tableProps={{ rowSelection }}
      dialogs={
        <>
          <StudentFormModal
            key={`form-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'form'}
            student={dialog.target?.kind === 'form' ? dialog.target.student : undefined}
            onClose={dialog.hide}
          />
          <AccommodationDialog
            key={`accommodation-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'accommodation'}
            target={
              dialog.target?.kind === 'accommodation'
                ? {
                    owner: 'student',
                    id: dialog.target.student.id,
                    name: dialog.target.student.name,
                  }
                : null
            }
            onClose={dialog.hide}
          />
          <MoveStudentsModal
            key={`move-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'move'}
            ids={selected}
            onMoved={() => setSelected([])}
            onClose={dialog.hide}
          />
          {mayImport && (
            <StudentImportDialog
              key={`import-${dialog.key}`}
              open={dialog.open && dialog.target?.kind === 'import'}
              onClose={dialog.hide}
            />
          )}
        </>
      }
    >
      <TextFilter name="keyword" label={t('base.student.keyword')} />
      {structure.project}
      {structure.category}
      {structure.jobType}
      {structure.level}
      {structure.batch}
      <SelectFilter
        name="status"
        label={t('base.student.status')}
        options={[
          { value: 1, label: t('base.student.statuses.enabled') },
          { value: 0, label: t('base.student.statuses.disabled') },
        ]}
      />
    </ListPage>
  );
}
