import { DEPARTMENT_ORDER_FIELDS, type DepartmentView } from '@kaoshi/shared';
import { Form, Grid, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  deleteDepartment,
  listDepartments,
  listSubjectsForSelect,
  type ActiveStatus,
  type DepartmentOrderField,
  type DepartmentQuery,
} from '../../api/school';
import { ListPage } from '../../components/list/ListPage';
import type { DefaultSort } from '../../components/list/sorting';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { ProjectSelect, schoolKeys } from '../../components/structure';
import { DepartmentFormModal } from './DepartmentFormModal';
import { useConfirmDelete } from './use-confirm-delete';
import { useStructureColumns } from './use-structure-columns';
import { StatusFilter } from './StatusFilter';
import { KeywordFilter } from './KeywordFilter';

interface DepartmentFilters {
  schoolId?: number;
  keyword?: string;
  status?: ActiveStatus;
}

const DEFAULT_SORT: DefaultSort<DepartmentOrderField> = { orderBy: 'sort', order: 'asc' };

/** Job-type categories (职业类别) within exam projects. */
export default function DepartmentManage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [filterForm] = Form.useForm<DepartmentFilters>();
  const departments = useListPage<DepartmentView, DepartmentQuery, DepartmentOrderField>({
    queryKey: schoolKeys.departments,
    fetchList: listDepartments,
    orderFields: DEPARTMENT_ORDER_FIELDS,
    defaultSort: DEFAULT_SORT,
  });
  const { query, sortable } = departments;
  const dialog = useDialog<{ department?: DepartmentView }>();
  const confirmDelete = useConfirmDelete();

  const askDelete = (department: DepartmentView) => {
    confirmDelete({
      title: t('school.category.deleteTitle'),
      name: department.name,
      remove: (options) => deleteDepartment(department.id, options),
      explainRefusal: async () => {
        const jobTypes = await listSubjectsForSelect({ departmentId: department.id });
        return t('school.category.inUse', { name: department.name, count: jobTypes.length });
      },
      onDeleted: departments.afterDelete,
    });
  };

  const compact = !screens.sm;
  const structure = useStructureColumns<DepartmentView>(compact);
  const columns: TableColumnsType<DepartmentView> = [
    ...structure.nameAndCode(t('school.category.name'), sortable),
    { title: t('school.select.project'), dataIndex: 'schoolName' },
    structure.status,
    structure.sort(sortable),
    {
      title: t('school.fields.description'),
      key: 'description',
      render: (_, department) => (
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 2, tooltip: department.description }}
          style={{ minWidth: 160, maxWidth: 280, marginBottom: 0 }}
        >
          {department.description}
        </Typography.Paragraph>
      ),
    },
    structure.createdAt(sortable),
    structure.editAndDelete((department) => dialog.show({ department }), askDelete),
  ];

  return (
    <ListPage<DepartmentView, DepartmentFilters>
      list={departments}
      searchName="departmentSearch"
      filterForm={filterForm}
      addLabel={t('school.category.add')}
      onAdd={() => dialog.show({})}
      columns={columns}
      dialogs={
        <DepartmentFormModal
          key={dialog.key}
          open={dialog.open}
          department={dialog.target?.department}
          schoolId={query.schoolId}
          onClose={dialog.hide}
        />
      }
    >
      <Form.Item name="schoolId" noStyle>
        <ProjectSelect />
      </Form.Item>
      <KeywordFilter />
      <StatusFilter />
    </ListPage>
  );
}
