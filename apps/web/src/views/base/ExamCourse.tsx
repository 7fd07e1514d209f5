import { AimOutlined, PlusOutlined } from '@ant-design/icons';
import { KnowledgeType, Perm, type CourseNode, type KnowledgeView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Grid,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteKnowledge } from '../../api/base';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useDialog } from '../../components/list/use-dialog';
import { useTableLook } from '../../components/list/use-list-page';
import { succeeded } from '../../utils/succeeded';
import { CourseFormModal } from './CourseFormModal';
import { ImportanceTag } from '../../components/knowledge/ImportanceTag';
import { KnowledgeScopeBar } from './KnowledgeScopeBar';
import { completeScope, useKnowledgeScope } from './knowledge-scope';
import { baseKeys, useKnowledgeTree } from '../../components/knowledge/queries';
import { useHasPermission } from '../../utils/use-access';
import { WeightSummary } from './WeightSummary';
import { formatPercent } from './weights';

/** A row of the tree: a course with its appraisal points as children, or one of them. */
type Row = CourseNode | KnowledgeView;
const isCourse = (row: Row): row is CourseNode => row.type === KnowledgeType.COURSE;

/** Courses (课程) of one job type and level, each unfolding to its appraisal points. */
export default function ExamCourse() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const scopeValues = useKnowledgeScope();
  const scope = completeScope(scopeValues);
  const tree = useKnowledgeTree(scope);
  const dialog = useDialog<{ course?: KnowledgeView }>();
  const mayManagePoints = useHasPermission(Perm.KNOW);
  const tableLook = useTableLook(t('base.scope.noCourses'));

  const remove = useMutation({
    mutationFn: deleteKnowledge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseKeys.knowledge }),
  });

  const confirmDelete = (course: KnowledgeView) =>
    modal.confirm({
      title: t('base.course.deleteTitle'),
      content: t('common.deleteConfirm', { name: course.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (await succeeded(remove.mutateAsync(course.id))) message.success(t('common.deleted'));
      },
    });

  const openPoints = (course: KnowledgeView) => {
    scopeValues.chooseCourse(course.id);
    void navigate('/baseData/examKnow');
  };

  const compact = !screens.sm;
  const columns: TableColumnsType<Row> = [
    { title: t('base.fields.code'), dataIndex: 'code' },
    {
      title: t('base.fields.name'),
      key: 'name',
      render: (_, row) =>
        isCourse(row) ? (
          <Space size={8} wrap>
            <Typography.Text strong>{row.name}</Typography.Text>
            <Tag style={{ marginInlineEnd: 0 }}>
              {t('base.course.pointCount', { count: row.children.length })}
            </Tag>
          </Space>
        ) : (
          row.name
        ),
    },
    {
      title: t('base.point.importance'),
      key: 'importance',
      responsive: ['sm'],
      render: (_, row) => row.importance && <ImportanceTag importance={row.importance} />,
    },
    {
      title: t('base.course.weightSum'),
      key: 'weight',
      width: 200,
      render: (_, row) =>
        isCourse(row) ? (
          <WeightSummary sum={row.weightSum} compact />
        ) : (
          `${formatPercent(row.weight)} %`
        ),
    },
    {
      title: t('base.fields.sort'),
      dataIndex: 'sort',
      width: 80,
      responsive: ['md'],
    },
    {
      title: t('base.fields.description'),
      dataIndex: 'description',
      ellipsis: true,
      responsive: ['lg'],
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: screens.md ? 'right' : undefined,
      render: (_, row) =>
        isCourse(row) ? (
          <Space size={0}>
            <EditAction compact={compact} onClick={() => dialog.show({ course: row })} />
            {mayManagePoints && (
              <RowAction
                icon={<AimOutlined />}
                label={t('base.course.managePoints')}
                compact={compact}
                onClick={() => openPoints(row)}
              />
            )}
            <DeleteAction
              compact={compact}
              blockedBy={
                row.children.length > 0
                  ? t('base.course.hasPoints', { count: row.children.length })
                  : undefined
              }
              onClick={() => confirmDelete(row)}
            />
          </Space>
        ) : null,
    },
  ];

  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <KnowledgeScopeBar />
      {scope ? (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.show({})}>
              {t('base.course.add')}
            </Button>
          </Space>
          <Table<Row>
            rowKey="id"
            {...tableLook}
            columns={columns}
            dataSource={tree.data}
            loading={tree.isFetching}
            pagination={false}
          />
          <CourseFormModal
            key={dialog.key}
            open={dialog.open}
            scope={scope}
            course={dialog.target?.course}
            onClose={dialog.hide}
          />
        </>
      ) : (
        <Empty description={t('base.scope.choose')} />
      )}
    </Card>
  );
}
