import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { SCHOOL_ORDER_FIELDS, type SchoolView } from '@kaoshi/shared';
import { Button, Card, Form, Grid, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  deleteSchool,
  listDepartmentsForSelect,
  listSchools,
  type ActiveStatus,
  type SchoolOrderField,
  type SchoolQuery,
} from '../../api/school';
import { RowAction } from '../../components/list/RowAction';
import { SearchBar } from '../../components/list/SearchBar';
import type { DefaultSort } from '../../components/list/sorting';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { schoolKeys } from '../../components/structure';
import { ACTIVE_STATUS } from './labels';
import { SchoolFormModal } from './SchoolFormModal';
import { StatusTag } from './StatusTag';
import { NameCell } from './NameCell';
import { useConfirmDelete } from './use-confirm-delete';

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
  const columns: TableColumnsType<SchoolView> = [
    {
      title: t('school.project.name'),
      dataIndex: 'name',
      ...sortable('name'),
      fixed: compact ? 'left' : undefined,
      render: (_, school) => <NameCell name={school.name} code={school.code} withCode={compact} />,
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
    { title: t('school.project.organiser'), dataIndex: 'organiser' },
    { title: t('school.project.contact'), dataIndex: 'contact' },
    {
      title: t('school.fields.status'),
      key: 'status',
      render: (_, school) => <StatusTag status={school.status} />,
    },
    {
      title: t('school.fields.sort'),
      dataIndex: 'sort',
      align: 'right',
      ...sortable('sort'),
    },
    {
      title: t('school.fields.createdAt'),
      ...sortable('createdAt'),
      render: (_, school) => dayjs(school.createdAt).format('YYYY-MM-DD'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, school) => (
        <Space size={0}>
          <RowAction
            icon={<EditOutlined />}
            label={t('common.edit')}
            compact={compact}
            onClick={() => dialog.show({ school })}
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('common.delete')}
            danger
            compact={compact}
            onClick={() => askDelete(school)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <SearchBar
        name="schoolSearch"
        form={filterForm}
        onSearch={schools.search}
        onReset={schools.reset}
      >
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
          {t('school.project.add')}
        </Button>
      </Space>
      <Table<SchoolView> {...schools.tableProps} columns={columns} />
      <SchoolFormModal
        key={dialog.key}
        open={dialog.open}
        school={dialog.target?.school}
        onClose={dialog.hide}
      />
    </Card>
  );
}
