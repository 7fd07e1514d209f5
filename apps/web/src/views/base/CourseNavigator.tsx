import type { CourseNode } from '@kaoshi/shared';
import { Card, Flex, Grid, Select, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, weightState } from './weights';

interface CourseNavigatorProps {
  courses: readonly CourseNode[];
  selected: number | undefined;
  onSelect: (courseId: number) => void;
}

const SUM_COLORS = { empty: 'default', partial: 'processing', full: 'success', over: 'error' };

/**
 * The courses of the scope as a tree (course → its appraisal points); picking a course or one of
 * its points shows that course. A phone gets a select instead: the tree would push the points
 * table below the fold.
 */
export function CourseNavigator({ courses, selected, onSelect }: CourseNavigatorProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [expanded, setExpanded] = useState<Key[]>([]);
  const courseOf = new Map<string, number>();

  const sumTag = (course: CourseNode) => (
    <Tag color={SUM_COLORS[weightState(course.weightSum)]} style={{ marginInlineEnd: 0 }}>
      {formatPercent(course.weightSum)} %
    </Tag>
  );

  if (!screens.lg) {
    return (
      <Select
        value={selected}
        onChange={onSelect}
        aria-label={t('base.point.course')}
        placeholder={t('base.point.course')}
        style={{ width: '100%', marginBottom: 12 }}
        showSearch={{ optionFilterProp: 'text' }}
        options={courses.map((course) => ({
          value: course.id,
          text: `${course.code} ${course.name}`,
          label: (
            <Flex justify="space-between" gap={8}>
              <Typography.Text ellipsis>{`${course.code} ${course.name}`}</Typography.Text>
              {sumTag(course)}
            </Flex>
          ),
        }))}
      />
    );
  }

  const treeData: TreeDataNode[] = courses.map((course) => {
    courseOf.set(String(course.id), course.id);
    return {
      key: String(course.id),
      title: (
        <Flex justify="space-between" gap={8} align="center">
          <span>
            <Typography.Text type="secondary">{course.code}</Typography.Text> {course.name}
          </span>
          {sumTag(course)}
        </Flex>
      ),
      children: course.children.map((point) => {
        courseOf.set(String(point.id), course.id);
        return {
          key: String(point.id),
          isLeaf: true,
          title: (
            <span>
              <Typography.Text type="secondary">{point.code}</Typography.Text> {point.name}{' '}
              <Typography.Text type="secondary">{formatPercent(point.weight)} %</Typography.Text>
            </span>
          ),
        };
      }),
    };
  });

  return (
    <Card size="small" title={t('base.course.title')} styles={{ body: { padding: 8 } }}>
      <Tree
        blockNode
        treeData={treeData}
        selectedKeys={selected === undefined ? [] : [String(selected)]}
        expandedKeys={expanded}
        onExpand={setExpanded}
        onSelect={(_, { node }) => {
          const courseId = courseOf.get(String(node.key));
          if (courseId === undefined) return;
          onSelect(courseId);
          setExpanded((keys) =>
            keys.includes(String(courseId)) ? keys : [...keys, String(courseId)],
          );
        }}
      />
    </Card>
  );
}
