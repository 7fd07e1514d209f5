import { SUBJECT_ORDER_FIELDS, type SubjectView } from '@kaoshi/shared';
import { Form, Grid, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  deleteSubject,
  listClassesForSelect,
  listSubjects,
  type ActiveStatus,
  type SubjectOrderField,
  type SubjectQuery,
} from '../../api/school';
import { ListPage } from '../../components/list/ListPage';
import type { DefaultSort } from '../../components/list/sorting';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { useStructureFilters } from '../../components/structure/structure-filters';
import { schoolKeys, useLevelLabel } from '../../components/structure';
import { SubjectFormModal } from './SubjectFormModal';
import { useConfirmDelete } from './use-confirm-delete';
import { useStructureColumns } from './use-structure-columns';
import { StatusFilter } from './StatusFilter';
import { KeywordFilter } from './KeywordFilter';

interface SubjectFilters {
  schoolId?: number;
  departmentId?: number;
  keyword?: string;
  status?: ActiveStatus;
}

const CHAIN = ['schoolId', 'departmentId'] as const;
const DEFAULT_SORT: DefaultSort<SubjectOrderField> = { orderBy: 'sort', order: 'asc' };

/** Job types applied for (申报工种) within categories, with their certification levels. */
export default function SubjectManage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const [filterForm] = Form.useForm<SubjectFilters>();
  const filters = useStructureFilters(filterForm);
  const subjects = useListPage<SubjectView, SubjectQuery, SubjectOrderField>({
    queryKey: schoolKeys.subjects,
    fetchList: listSubjects,
    orderFields: SUBJECT_ORDER_FIELDS,
    defaultSort: DEFAULT_SORT,
  });
  const { query, sortable } = subjects;
  const dialog = useDialog<{ subject?: SubjectView }>();
  const confirmDelete = useConfirmDelete();

  const askDelete = (subject: SubjectView) => {
    confirmDelete({
      title: t('school.jobType.deleteTitle'),
      name: subject.name,
      remove: (options) => deleteSubject(subject.id, options),
      // Batches are counted here; courses and appraisal points belong to the base-data screens.
      explainRefusal: async () => {
        const batches = await listClassesForSelect({ subjectId: subject.id });
        return batches.length > 0
          ? t('school.jobType.inUseBatches', { name: subject.name, count: batches.length })
          : t('school.jobType.inUseKnowledge', { name: subject.name });
      },
      onDeleted: subjects.afterDelete,
    });
  };

  const compact = !screens.sm;
  const structure = useStructureColumns<SubjectView>(compact);
  const columns: TableColumnsType<SubjectView> = [
    ...structure.nameAndCode(t('school.jobType.name'), sortable),
    {
      title: t('school.jobType.levels'),
      key: 'levels',
      render: (_, subject) => (
        <Space size={[4, 4]} wrap style={{ minWidth: 120, maxWidth: 260 }}>
          {subject.levels.map((level) => (
            <Tag key={level} color="blue" style={{ marginInlineEnd: 0 }}>
              {levelLabel(level)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('school.select.category'),
      key: 'department',
      render: (_, subject) => (
        <div style={{ minWidth: 120, maxWidth: 240 }}>
          <div>{subject.departmentName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {subject.schoolName}
          </Typography.Text>
        </div>
      ),
    },
    structure.status,
    structure.sort(sortable),
    structure.createdAt(sortable),
    structure.editAndDelete((subject) => dialog.show({ subject }), askDelete),
  ];

  return (
    <ListPage<SubjectView, SubjectFilters>
      list={subjects}
      searchName="subjectSearch"
      filterForm={filterForm}
      filterChain={CHAIN}
      addLabel={t('school.jobType.add')}
      onAdd={() => dialog.show({})}
      columns={columns}
      dialogs={
        <SubjectFormModal
          key={dialog.key}
          open={dialog.open}
          subject={dialog.target?.subject}
          schoolId={query.schoolId}
          departmentId={query.departmentId}
          onClose={dialog.hide}
        />
      }
    >
      {filters.project}
      {filters.category}
      <KeywordFilter />
      <StatusFilter />
    </ListPage>
  );
}
