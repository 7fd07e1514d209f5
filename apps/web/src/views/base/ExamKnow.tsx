import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { KnowledgeView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Grid,
  Row,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteKnowledge } from '../../api/base';
import { RowAction } from '../../components/list/RowAction';
import { useTableLook } from '../../components/list/use-list-page';
import { useDialog } from '../../components/list/use-dialog';
import { succeeded } from '../../utils/succeeded';
import { CourseNavigator } from './CourseNavigator';
import { ImportanceTag } from '../../components/knowledge/ImportanceTag';
import { KnowledgeScopeBar } from './KnowledgeScopeBar';
import { completeScope, useKnowledgeScope } from './knowledge-scope';
import { PointFormModal } from './PointFormModal';
import { baseKeys, useKnowledgeTree } from '../../components/knowledge/queries';
import { WeightSummary } from './WeightSummary';
import { formatPercent } from './weights';

/** Appraisal points (鉴定点) of a course: importance and weight, the weights adding up to 100 %. */
export default function ExamKnow() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const tableLook = useTableLook(t('base.point.none'));
  const scopeValues = useKnowledgeScope();
  const scope = completeScope(scopeValues);
  const tree = useKnowledgeTree(scope);
  const dialog = useDialog<{ point?: KnowledgeView }>();
  const courses = tree.data ?? [];
  // The chosen course, else the first one (the choice may name a course since deleted).
  const course = courses.find((candidate) => candidate.id === scopeValues.courseId) ?? courses[0];

  const remove = useMutation({
    mutationFn: deleteKnowledge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseKeys.knowledge }),
  });

  const confirmDelete = (point: KnowledgeView) =>
    modal.confirm({
      title: t('base.point.deleteTitle'),
      content: t('common.deleteConfirm', { name: point.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (await succeeded(remove.mutateAsync(point.id))) message.success(t('common.deleted'));
      },
    });

  const compact = !screens.sm;
  const columns: TableColumnsType<KnowledgeView> = [
    { title: t('base.fields.code'), dataIndex: 'code', width: 110 },
    { title: t('base.point.name'), dataIndex: 'name' },
    {
      title: t('base.point.importance'),
      key: 'importance',
      render: (_, point) => point.importance && <ImportanceTag importance={point.importance} />,
    },
    {
      title: t('base.point.weight'),
      key: 'weight',
      align: 'right',
      render: (_, point) => formatPercent(point.weight),
    },
    { title: t('base.fields.sort'), dataIndex: 'sort', width: 72, responsive: ['md'] },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: screens.md ? 'right' : undefined,
      render: (_, point) => (
        <Space size={0}>
          <RowAction
            icon={<EditOutlined />}
            label={t('common.edit')}
            compact={compact}
            onClick={() => dialog.show({ point })}
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('common.delete')}
            danger
            compact={compact}
            onClick={() => confirmDelete(point)}
          />
        </Space>
      ),
    },
  ];

  const body = () => {
    if (!scope) return <Empty description={t('base.scope.choose')} />;
    if (tree.isPending) return <Skeleton active />;
    if (!course) return <Empty description={t('base.scope.noCourses')} />;
    return (
      <Row gutter={[16, 12]}>
        <Col xs={24} lg={8} xxl={6}>
          <CourseNavigator
            courses={courses}
            selected={course.id}
            onSelect={scopeValues.chooseCourse}
          />
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          <Flex vertical gap={12}>
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('base.point.of', { name: `${course.code} ${course.name}` })}
              </Typography.Title>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.show({})}>
                {t('base.point.add')}
              </Button>
            </Flex>
            <WeightSummary sum={course.weightSum} />
            <Table<KnowledgeView>
              rowKey="id"
              {...tableLook}
              columns={columns}
              dataSource={course.children}
              loading={tree.isFetching}
              pagination={false}
            />
          </Flex>
          <PointFormModal
            key={dialog.key}
            open={dialog.open}
            scope={scope}
            courses={courses}
            courseId={course.id}
            point={dialog.target?.point}
            onClose={dialog.hide}
          />
        </Col>
      </Row>
    );
  };

  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <KnowledgeScopeBar />
      {body()}
    </Card>
  );
}
