import { DeleteOutlined } from '@ant-design/icons';
import { DIFFICULTIES, type CertLevel } from '@kaoshi/shared';
import { Button, Flex, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTableLook } from '../../components/list/use-list-page';
import { CourseSelect } from '../../components/knowledge/CourseSelect';
import { PointSelect } from '../../components/knowledge/PointSelect';
import type { BuilderRule } from './builder-state';
import { useDrawColumns } from './builder-inputs';

/** Below this width the selects would be too narrow to read: the table scrolls instead. */
const RULES_TABLE_MIN_WIDTH = 720;

interface RulesTableProps {
  sectionLabel: string;
  rules: BuilderRule[];
  subjectId: number | undefined;
  level: CertLevel | undefined;
  onChange: (index: number, rule: BuilderRule) => void;
  onRemove: (index: number) => void;
}

/**
 * The rows a section is drawn by: question type, how many, points each, difficulty (one, a
 * range or any), course, appraisal point and tags. Each control is named with its row.
 */
export function RulesTable({
  sectionLabel,
  rules,
  subjectId,
  level,
  onChange,
  onRemove,
}: RulesTableProps) {
  const { t } = useTranslation();
  const look = useTableLook(t('paper.rules.empty'));
  const named = (field: string, index: number) =>
    t('paper.rules.fieldOf', { field, section: sectionLabel, rule: index + 1 });
  const drawColumns = useDrawColumns<BuilderRule>({
    named,
    change: (index, rule, change) => onChange(index, { ...rule, ...change }),
    widths: { type: 136, count: 88, score: 96 },
  });
  const difficulties = DIFFICULTIES.map((value) => ({ value, label: String(value) }));
  /** One end of a rule's difficulty range; none: any. */
  const difficultySelect = (
    rule: BuilderRule,
    index: number,
    end: 'difficultyFrom' | 'difficultyTo',
  ) => (
    <Select
      size="small"
      allowClear
      style={{ flex: 1, minWidth: 0 }}
      placeholder={t('paper.rules.any')}
      value={rule[end]}
      aria-label={named(t(`paper.rules.${end}`), index)}
      options={difficulties}
      onChange={(value) => onChange(index, { ...rule, [end]: value ?? null })}
    />
  );

  return (
    <Table<BuilderRule>
      {...look}
      // Fixed columns, the course/point/tags column taking the rest: the row fits a laptop's
      // section box; only a phone scrolls it sideways.
      tableLayout="fixed"
      scroll={{ x: RULES_TABLE_MIN_WIDTH }}
      rowKey="key"
      pagination={false}
      dataSource={rules}
      className="paper-rules"
      columns={[
        ...drawColumns,
        {
          title: t('paper.rules.difficulty'),
          key: 'difficulty',
          width: 168,
          render: (_, rule, index) => (
            <Flex align="center" gap={4}>
              {difficultySelect(rule, index, 'difficultyFrom')}–
              {difficultySelect(rule, index, 'difficultyTo')}
            </Flex>
          ),
        },
        {
          // Course, appraisal point and tags stacked in one column: side by side they pushed the
          // row past a laptop's section box.
          title: [
            t('question.fields.course'),
            t('question.fields.point'),
            t('question.fields.tags'),
          ].join(' / '),
          key: 'scope',
          render: (_, rule, index) => (
            <Flex vertical gap={4}>
              <CourseSelect
                subjectId={subjectId}
                level={level}
                value={rule.courseId ?? undefined}
                aria-label={named(t('question.fields.course'), index)}
                onChange={(courseId) =>
                  onChange(index, { ...rule, courseId: courseId ?? null, pointId: null })
                }
              />
              <PointSelect
                subjectId={subjectId}
                level={level}
                courseId={rule.courseId ?? undefined}
                value={rule.pointId ?? undefined}
                aria-label={named(t('question.fields.point'), index)}
                onChange={(pointId) => onChange(index, { ...rule, pointId: pointId ?? null })}
              />
              <Select
                size="small"
                mode="tags"
                style={{ width: '100%' }}
                value={rule.tags}
                open={false}
                suffixIcon={null}
                placeholder={t('question.fields.tags')}
                aria-label={named(t('question.fields.tags'), index)}
                onChange={(tags: string[]) => onChange(index, { ...rule, tags })}
              />
            </Flex>
          ),
        },
        {
          key: 'remove',
          width: 48,
          render: (_, _rule, index) => (
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('paper.rules.remove', { section: sectionLabel, rule: index + 1 })}
              onClick={() => onRemove(index)}
            />
          ),
        },
      ]}
    />
  );
}
