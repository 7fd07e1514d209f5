import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_LIMIT_DEFAULT, SCHOOL_ORDER_FIELDS, type SchoolView } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Grid, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
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
import { useTablePagination } from '../../components/list/pagination';
import { TABLE_SCROLL } from '../../components/list/responsive';
import {
  applySearch,
  pageAfterDelete,
  resetSearch,
  sameQuery,
} from '../../components/list/search-params';
import { applySorter, columnSortOrder, type DefaultSort } from '../../components/list/sorting';
import { useDialog } from '../../components/list/use-dialog';
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
  const [query, setQuery] = useState<SchoolQuery>({ page: 1, limit: PAGE_LIMIT_DEFAULT });
  const dialog = useDialog<{ school?: SchoolView }>();
  const confirmDelete = useConfirmDelete();

  const schools = useQuery({
    queryKey: [...schoolKeys.schools, query],
    queryFn: () => listSchools(query),
    placeholderData: keepPreviousData,
  });

  const search = (filters: SchoolFilters) => {
    const next = { ...applySearch(query, filters), orderBy: query.orderBy, order: query.order };
    if (sameQuery(next, query)) void schools.refetch();
    else setQuery(next);
  };

  const askDelete = (school: SchoolView) => {
    const rowsOnPage = schools.data?.list.length ?? 0;
    confirmDelete({
      title: t('school.project.deleteTitle'),
      name: school.name,
      remove: (options) => deleteSchool(school.id, options),
      explainRefusal: async () => {
        const categories = await listDepartmentsForSelect({ schoolId: school.id });
        return t('school.project.inUse', { name: school.name, count: categories.length });
      },
      onDeleted: () =>
        setQuery((current) => ({ ...current, page: pageAfterDelete(current.page, rowsOnPage) })),
    });
  };

  const sortable = (field: SchoolOrderField) => ({
    key: field,
    sorter: true,
    sortDirections: ['ascend' as const, 'descend' as const],
    sortOrder: columnSortOrder(query, field, DEFAULT_SORT),
  });

  const pagination = useTablePagination(query, schools.data?.total, setQuery);
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
        onSearch={search}
        onReset={() => setQuery(resetSearch(query))}
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
      <Table<SchoolView>
        rowKey="id"
        size={screens.md ? 'medium' : 'small'}
        columns={columns}
        dataSource={schools.data?.list}
        loading={schools.isFetching}
        scroll={TABLE_SCROLL}
        locale={{ emptyText: t('common.noData') }}
        pagination={pagination}
        onChange={(_, __, sorter, extra) => {
          if (extra.action === 'sort') {
            setQuery((current) => applySorter(current, sorter, SCHOOL_ORDER_FIELDS));
          }
        }}
      />
      <SchoolFormModal
        key={dialog.key}
        open={dialog.open}
        school={dialog.target?.school}
        onClose={dialog.hide}
      />
    </Card>
  );
}
