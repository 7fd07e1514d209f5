import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import {
  CLASS_ORDER_FIELDS,
  PAGE_LIMIT_DEFAULT,
  type CertLevel,
  type ClassView,
} from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Grid,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteClass,
  getClass,
  listClasses,
  type ClassOrderField,
  type ClassQuery,
  type ClassStatusCode,
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
import {
  CategorySelect,
  JobTypeSelect,
  LevelSelect,
  ProjectSelect,
  cascadeReset,
  schoolKeys,
  useJobTypeLevels,
  useLevelLabel,
} from '../../components/structure';
import { ClassFormModal } from './ClassFormModal';
import { ClassTeachersModal } from './ClassTeachersModal';
import { CLASS_STATUS } from './labels';
import { describePeriod } from './period';
import { ClassStatusTag } from './StatusTag';
import { NameCell } from './NameCell';
import { useConfirmDelete } from './use-confirm-delete';

interface ClassFilters {
  schoolId?: number;
  departmentId?: number;
  subjectId?: number;
  level?: CertLevel;
  status?: ClassStatusCode;
  keyword?: string;
}

type Dialog = { kind: 'form'; batch?: ClassView } | { kind: 'teachers'; batch: ClassView };

const CHAIN = ['schoolId', 'departmentId', 'subjectId', 'level'] as const;
/** The server lists the newest batches first unless told otherwise. */
const DEFAULT_SORT: DefaultSort<ClassOrderField> = { orderBy: 'createdAt', order: 'desc' };

/** Registration batches (报名批次) of a job type and level, and the teachers assigned to them. */
export default function ClassesManage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const [filterForm] = Form.useForm<ClassFilters>();
  const filterSchool = Form.useWatch('schoolId', filterForm);
  const filterDepartment = Form.useWatch('departmentId', filterForm);
  const filterSubject = Form.useWatch('subjectId', filterForm);
  const filterLevels = useJobTypeLevels(filterDepartment, filterSubject);
  const [query, setQuery] = useState<ClassQuery>({ page: 1, limit: PAGE_LIMIT_DEFAULT });
  const dialog = useDialog<Dialog>();
  const confirmDelete = useConfirmDelete();

  const batches = useQuery({
    queryKey: [...schoolKeys.classes, query],
    queryFn: () => listClasses(query),
    placeholderData: keepPreviousData,
  });

  const search = (filters: ClassFilters) => {
    const next = { ...applySearch(query, filters), orderBy: query.orderBy, order: query.order };
    if (sameQuery(next, query)) void batches.refetch();
    else setQuery(next);
  };

  const askDelete = (batch: ClassView) => {
    const rowsOnPage = batches.data?.list.length ?? 0;
    confirmDelete({
      title: t('school.batch.deleteTitle'),
      name: batch.name,
      remove: (options) => deleteClass(batch.id, options),
      // Students registered since the list was loaded (the button is blocked for known ones).
      explainRefusal: async () => {
        const { studentCount } = await getClass(batch.id);
        return t('school.batch.inUse', { name: batch.name, count: studentCount });
      },
      onDeleted: () =>
        setQuery((current) => ({ ...current, page: pageAfterDelete(current.page, rowsOnPage) })),
    });
  };

  const sortable = (field: ClassOrderField) => ({
    key: field,
    sorter: true,
    sortDirections: ['ascend' as const, 'descend' as const],
    sortOrder: columnSortOrder(query, field, DEFAULT_SORT),
  });

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

  const pagination = useTablePagination(query, batches.data?.total, setQuery);
  const compact = !screens.sm;
  // Three labelled actions do not fit beside the schedule below the widest screens.
  const iconActions = !screens.xxl;
  const columns: TableColumnsType<ClassView> = [
    {
      title: t('school.batch.name'),
      dataIndex: 'name',
      ...sortable('name'),
      fixed: compact ? 'left' : undefined,
      render: (_, batch) => <NameCell name={batch.name} code={batch.code} withCode={compact} />,
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
      render: (_, batch) => <ClassStatusTag status={batch.status} />,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, batch) => (
        <Space size={0}>
          <RowAction
            icon={<EditOutlined />}
            label={t('common.edit')}
            compact={iconActions}
            onClick={() => dialog.show({ kind: 'form', batch })}
          />
          <RowAction
            icon={<TeamOutlined />}
            label={t('school.batch.teachers')}
            compact={iconActions}
            onClick={() => dialog.show({ kind: 'teachers', batch })}
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('common.delete')}
            danger
            compact={iconActions}
            blockedBy={batch.studentCount > 0 ? t('school.batch.hasStudents') : undefined}
            onClick={() => askDelete(batch)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <SearchBar
        name="classSearch"
        form={filterForm}
        onSearch={search}
        onReset={() => setQuery(resetSearch(query))}
        onValuesChange={(changed) => filterForm.setFieldsValue(cascadeReset(CHAIN, changed))}
      >
        <Form.Item name="schoolId" noStyle>
          <ProjectSelect />
        </Form.Item>
        <Form.Item name="departmentId" noStyle>
          <CategorySelect schoolId={filterSchool} />
        </Form.Item>
        <Form.Item name="subjectId" noStyle>
          <JobTypeSelect departmentId={filterDepartment} />
        </Form.Item>
        <Form.Item name="level" noStyle>
          <LevelSelect levels={filterLevels} />
        </Form.Item>
        <Form.Item name="status" noStyle>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('school.fields.status')}
            aria-label={t('school.fields.status')}
            options={CLASS_STATUS.map((entry) => ({
              value: entry.value,
              label: t(`school.classStatus.${entry.key}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="keyword" noStyle>
          <Input
            allowClear
            placeholder={t('school.fields.keyword')}
            aria-label={t('school.fields.keyword')}
          />
        </Form.Item>
      </SearchBar>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => dialog.show({ kind: 'form' })}
        >
          {t('school.batch.add')}
        </Button>
      </Space>
      <Table<ClassView>
        rowKey="id"
        size={screens.md ? 'medium' : 'small'}
        columns={columns}
        dataSource={batches.data?.list}
        loading={batches.isFetching}
        scroll={TABLE_SCROLL}
        locale={{ emptyText: t('common.noData') }}
        pagination={pagination}
        onChange={(_, __, sorter, extra) => {
          if (extra.action === 'sort') {
            setQuery((current) => applySorter(current, sorter, CLASS_ORDER_FIELDS));
          }
        }}
      />
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
      <ClassTeachersModal
        key={`teachers-${dialog.key}`}
        open={dialog.open && dialog.target?.kind === 'teachers'}
        batch={dialog.target?.kind === 'teachers' ? dialog.target.batch : undefined}
        onClose={dialog.hide}
      />
    </Card>
  );
}
