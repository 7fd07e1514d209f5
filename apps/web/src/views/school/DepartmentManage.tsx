import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DEPARTMENT_ORDER_FIELDS, type DepartmentView } from '@kaoshi/shared';
import {
  Button,
  Card,
  Form,
  Grid,
  Input,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  deleteDepartment,
  listDepartments,
  listSubjectsForSelect,
  type ActiveStatus,
  type DepartmentOrderField,
  type DepartmentQuery,
} from '../../api/school';
import { RowAction } from '../../components/list/RowAction';
import { SearchBar } from '../../components/list/SearchBar';
import type { DefaultSort } from '../../components/list/sorting';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { ProjectSelect, schoolKeys } from '../../components/structure';
import { DepartmentFormModal } from './DepartmentFormModal';
import { ACTIVE_STATUS } from './labels';
import { StatusTag } from './StatusTag';
import { NameCell } from './NameCell';
import { useConfirmDelete } from './use-confirm-delete';

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
  const columns: TableColumnsType<DepartmentView> = [
    {
      title: t('school.category.name'),
      dataIndex: 'name',
      ...sortable('name'),
      fixed: compact ? 'left' : undefined,
      render: (_, department) => (
        <NameCell name={department.name} code={department.code} withCode={compact} />
      ),
    },
    ...(compact
      ? []
      : [
          {
            title: t('school.fields.code'),
            dataIndex: 'code',
            ...sortable('code'),
            render: (code: string) => <code>{code}</code>,
          },
        ]),
    { title: t('school.select.project'), dataIndex: 'schoolName' },
    {
      title: t('school.fields.status'),
      key: 'status',
      render: (_, department) => <StatusTag status={department.status} />,
    },
    { title: t('school.fields.sort'), dataIndex: 'sort', align: 'right', ...sortable('sort') },
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
    {
      title: t('school.fields.createdAt'),
      ...sortable('createdAt'),
      render: (_, department) => dayjs(department.createdAt).format('YYYY-MM-DD'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, department) => (
        <Space size={0}>
          <RowAction
            icon={<EditOutlined />}
            label={t('common.edit')}
            compact={compact}
            onClick={() => dialog.show({ department })}
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('common.delete')}
            danger
            compact={compact}
            onClick={() => askDelete(department)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <SearchBar
        name="departmentSearch"
        form={filterForm}
        onSearch={departments.search}
        onReset={departments.reset}
      >
        <Form.Item name="schoolId" noStyle>
          <ProjectSelect />
        </Form.Item>
        <Form.Item name="keyword" noStyle>
          <Input
            allowClear
            placeholder={t('school.fields.keyword')}
            aria-label={t('school.fields.keyword')}
          />
        </Form.Item>
        <Form.Item name="status" noStyle>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('school.fields.status')}
            aria-label={t('school.fields.status')}
            options={ACTIVE_STATUS.map((entry) => ({
              value: entry.value,
              label: t(`school.status.${entry.key}`),
            }))}
          />
        </Form.Item>
      </SearchBar>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.show({})}>
          {t('school.category.add')}
        </Button>
      </Space>
      <Table<DepartmentView> {...departments.tableProps} columns={columns} />
      <DepartmentFormModal
        key={dialog.key}
        open={dialog.open}
        department={dialog.target?.department}
        schoolId={query.schoolId}
        onClose={dialog.hide}
      />
    </Card>
  );
}
