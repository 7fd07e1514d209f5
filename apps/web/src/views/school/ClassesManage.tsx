import { TeamOutlined } from '@ant-design/icons';
import { CLASS_ORDER_FIELDS, type CertLevel, type ClassView } from '@kaoshi/shared';
import { Form, Grid, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  deleteClass,
  getClass,
  listClasses,
  type ClassOrderField,
  type ClassQuery,
  type ClassStatusCode,
} from '../../api/school';
import { ListPage } from '../../components/list/ListPage';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useActionsColumn } from '../../components/list/use-actions-column';
import type { DefaultSort } from '../../components/list/sorting';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { useStructureFilters } from '../../components/structure/structure-filters';
import { schoolKeys, useLevelLabel } from '../../components/structure';
import {
  AccommodationAction,
  AccommodationDialog,
} from '../../components/accommodation/AccommodationDialog';
import { ClassFormModal } from './ClassFormModal';
import { KeywordFilter } from './KeywordFilter';
import { StatusFilter } from './StatusFilter';
import { ClassTeachersModal } from './ClassTeachersModal';
import { describePeriod } from '../../components/structure/period';
import { ClassStatusTag } from './StatusTag';
import { useConfirmDelete } from './use-confirm-delete';
import { useStructureColumns } from './use-structure-columns';

interface ClassFilters {
  schoolId?: number;
  departmentId?: number;
  subjectId?: number;
  level?: CertLevel;
  status?: ClassStatusCode;
  keyword?: string;
}

type Dialog =
  | { kind: 'form'; batch?: ClassView }
  | { kind: 'teachers'; batch: ClassView }
  | { kind: 'accommodation'; batch: ClassView };

const CHAIN = ['schoolId', 'departmentId', 'subjectId', 'level'] as const;
/** The server lists the newest batches first unless told otherwise. */
const DEFAULT_SORT: DefaultSort<ClassOrderField> = { orderBy: 'createdAt', order: 'desc' };

/** Registration batches (报名批次) of a job type and level, and the teachers assigned to them. */
export default function ClassesManage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const [filterForm] = Form.useForm<ClassFilters>();
  const filters = useStructureFilters(filterForm);
  const batches = useListPage<ClassView, ClassQuery, ClassOrderField>({
    queryKey: schoolKeys.classes,
    fetchList: listClasses,
    orderFields: CLASS_ORDER_FIELDS,
    defaultSort: DEFAULT_SORT,
  });
  const { query, sortable } = batches;
  const dialog = useDialog<Dialog>();
  const confirmDelete = useConfirmDelete();
  // The name is fixed on the left of a phone's table, so the actions stay on the right.
  const actionsColumn = useActionsColumn({ fixedOnPhone: true });

  const askDelete = (batch: ClassView) => {
    confirmDelete({
      title: t('school.batch.deleteTitle'),
      name: batch.name,
      remove: (options) => deleteClass(batch.id, options),
      // Students registered since the list was loaded (the button is blocked for known ones).
      explainRefusal: async () => {
        const { studentCount } = await getClass(batch.id);
        return t('school.batch.inUse', { name: batch.name, count: studentCount });
      },
      onDeleted: batches.afterDelete,
    });
  };

  const period = (start: string | null, end: string | null) => {
    const shown = describePeriod(start, end);
    switch (shown.kind) {
      case 'range':
        // Two lines keep the column narrow.
        return (
          <div style={{ whiteSpace: 'nowrap' }}>
            <div>{shown.start}</div>
            <div>~ {shown.end}</div>
          </div>
        );
      case 'from':
        return t('school.batch.from', { date: shown.start });
      case 'until':
        return t('school.batch.until', { date: shown.end });
      default:
        return <Typography.Text type="secondary">{t('school.batch.notSet')}</Typography.Text>;
    }
  };

  const compact = !screens.sm;
  const structure = useStructureColumns<ClassView>(compact);
  // Three labelled actions do not fit beside the schedule below the widest screens.
  const iconActions = !screens.xxl;
  const columns: TableColumnsType<ClassView> = [
    ...structure.nameAndCode(t('school.batch.name'), sortable),
    {
      title: t('school.select.jobType'),
      key: 'subject',
      render: (_, batch) => (
        <div style={{ minWidth: 140, maxWidth: 260 }}>
          <div>{batch.subjectName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {batch.schoolName} / {batch.departmentName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('school.batch.level'),
      ...sortable('level'),
      render: (_, batch) => <Tag color="blue">{levelLabel(batch.level)}</Tag>,
    },
    {
      title: t('school.batch.registration'),
      ...sortable('registrationStart'),
      render: (_, batch) => period(batch.registrationStart, batch.registrationEnd),
    },
    {
      title: t('school.batch.exam'),
      ...sortable('examStart'),
      render: (_, batch) => period(batch.examStart, batch.examEnd),
    },
    {
      title: t('school.batch.students'),
      key: 'students',
      align: 'right',
      render: (_, batch) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {t('school.batch.studentsOfCapacity', {
            count: batch.studentCount,
            capacity: batch.capacity > 0 ? batch.capacity : t('school.batch.unlimited'),
          })}
        </span>
      ),
    },
    {
      title: t('school.fields.status'),
      ...sortable('status'),
      render: (_, batch) => <ClassStatusTag batch={batch} />,
    },
    actionsColumn<ClassView>((batch) => (
      <>
        <EditAction compact={iconActions} onClick={() => dialog.show({ kind: 'form', batch })} />
        <RowAction
          icon={<TeamOutlined />}
          label={t('school.batch.teachers')}
          compact={iconActions}
          onClick={() => dialog.show({ kind: 'teachers', batch })}
        />
        <AccommodationAction
          compact={iconActions}
          onClick={() => dialog.show({ kind: 'accommodation', batch })}
        />
        <DeleteAction
          compact={iconActions}
          blockedBy={batch.studentCount > 0 ? t('school.batch.hasStudents') : undefined}
          onClick={() => askDelete(batch)}
        />
      </>
    )),
  ];

  return (
    <ListPage<ClassView, ClassFilters>
      list={batches}
      searchName="classSearch"
      filterForm={filterForm}
      filterChain={CHAIN}
      addLabel={t('school.batch.add')}
      onAdd={() => dialog.show({ kind: 'form' })}
      columns={columns}
      dialogs={
        <>
          <ClassFormModal
            key={`form-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'form'}
            batch={dialog.target?.batch}
            parents={{
              schoolId: query.schoolId,
              departmentId: query.departmentId,
              subjectId: query.subjectId,
              level: query.level,
            }}
            onClose={dialog.hide}
          />
          <AccommodationDialog
            key={`accommodation-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'accommodation'}
            target={
              dialog.target?.kind === 'accommodation'
                ? { owner: 'batch', id: dialog.target.batch.id, name: dialog.target.batch.name }
                : null
            }
            onClose={dialog.hide}
          />
          <ClassTeachersModal
            key={`teachers-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'teachers'}
            batch={dialog.target?.kind === 'teachers' ? dialog.target.batch : undefined}
            onClose={dialog.hide}
          />
        </>
      }
    >
      {filters.project}
      {filters.category}
      {filters.jobType}
      {filters.level}
      <StatusFilter ofBatches />
      <KeywordFilter />
    </ListPage>
  );
}
