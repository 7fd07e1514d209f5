import { SCHOOL_ORDER_FIELDS, type SchoolView } from '@kaoshi/shared';
import { Form, Grid, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  deleteSchool,
  listDepartmentsForSelect,
  listSchools,
  type ActiveStatus,
  type SchoolOrderField,
  type SchoolQuery,
} from '../../api/school';
import { ListPage } from '../../components/list/ListPage';
import type { DefaultSort } from '../../components/list/sorting';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { schoolKeys } from '../../components/structure';
import { SchoolFormModal } from './SchoolFormModal';
import { useConfirmDelete } from './use-confirm-delete';
import { useStructureColumns } from './use-structure-columns';
import { StatusFilter } from './StatusFilter';
import { KeywordFilter } from './KeywordFilter';

interface SchoolFilters {
  keyword?: string;
  status?: ActiveStatus;
}

/** What the server orders by when the query names nothing. */
const DEFAULT_SORT: DefaultSort<SchoolOrderField> = { orderBy: 'sort', order: 'asc' };

/** Exam projects (考试项目): the top of the exam structure. */
export default function SchoolManage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [filterForm] = Form.useForm<SchoolFilters>();
  const schools = useListPage<SchoolView, SchoolQuery, SchoolOrderField>({
    queryKey: schoolKeys.schools,
    fetchList: listSchools,
    orderFields: SCHOOL_ORDER_FIELDS,
    defaultSort: DEFAULT_SORT,
  });
  const { sortable } = schools;
  const dialog = useDialog<{ school?: SchoolView }>();
  const confirmDelete = useConfirmDelete();

  const askDelete = (school: SchoolView) => {
    confirmDelete({
      title: t('school.project.deleteTitle'),
      name: school.name,
      remove: (options) => deleteSchool(school.id, options),
      explainRefusal: async () => {
        const categories = await listDepartmentsForSelect({ schoolId: school.id });
        return t('school.project.inUse', { name: school.name, count: categories.length });
      },
      onDeleted: schools.afterDelete,
    });
  };

  const compact = !screens.sm;
  const structure = useStructureColumns<SchoolView>(compact);
  const columns: TableColumnsType<SchoolView> = [
    ...structure.nameAndCode(t('school.project.name'), sortable),
    { title: t('school.project.organiser'), dataIndex: 'organiser' },
    { title: t('school.project.contact'), dataIndex: 'contact' },
    structure.status,
    structure.sort(sortable),
    structure.createdAt(sortable),
    structure.editAndDelete((school) => dialog.show({ school }), askDelete),
  ];

  return (
    <ListPage<SchoolView, SchoolFilters>
      list={schools}
      searchName="schoolSearch"
      filterForm={filterForm}
      addLabel={t('school.project.add')}
      onAdd={() => dialog.show({})}
      columns={columns}
      dialogs={
        <SchoolFormModal
          key={dialog.key}
          open={dialog.open}
          school={dialog.target?.school}
          onClose={dialog.hide}
        />
      }
    >
      <KeywordFilter />
      <StatusFilter />
    </ListPage>
  );
}
