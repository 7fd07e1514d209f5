import { DIFFICULTIES, QUESTION_TYPES, type CertLevel, type QuestionView } from '@kaoshi/shared';
import { Form, Tag, type FormInstance, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SelectFilter, TextFilter } from '../list/filters';
import { CourseSelect } from '../knowledge/CourseSelect';
import { PointSelect } from '../knowledge/PointSelect';
import { useCodeLabel, useCodeOptions } from '../../utils/use-code-label';
import { difficultyKey } from './difficulty';

/**
 * The question filters of a search bar, shared by the question bank and the paper's bank picker:
 * keyword, type, difficulty, and the course and knowledge point of a job type and level.
 * Items, not one component: each list puts them in its own order among its other filters.
 */
export function useQuestionFilters(
  form: FormInstance,
  subjectId: number | undefined,
  level: CertLevel | undefined,
) {
  const { t } = useTranslation();
  const codeOptions = useCodeOptions();
  const courseId = Form.useWatch('courseId', form) as number | undefined;
  return {
    keyword: <TextFilter key="keyword" name="keyword" label={t('question.list.keyword')} />,
    type: (
      <SelectFilter
        key="type"
        name="type"
        label={t('question.fields.type')}
        options={codeOptions('questionType', QUESTION_TYPES)}
      />
    ),
    difficulty: (
      <SelectFilter
        key="difficulty"
        name="difficulty"
        label={t('question.fields.difficulty')}
        options={DIFFICULTIES.map((value) => ({
          value,
          label: `${value} · ${t(`question.difficulty.${difficultyKey(value)}`)}`,
        }))}
      />
    ),
    course: (
      <Form.Item key="courseId" name="courseId" noStyle>
        <CourseSelect subjectId={subjectId} level={level} />
      </Form.Item>
    ),
    point: (
      <Form.Item key="pointId" name="pointId" noStyle>
        <PointSelect subjectId={subjectId} level={level} courseId={courseId} />
      </Form.Item>
    ),
  };
}

/** The question's type column (a blue tag), as the bank and the bank picker show it. */
export function useQuestionTypeColumn(): TableColumnType<QuestionView> {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  return {
    title: t('question.fields.type'),
    key: 'type',
    render: (_, question) => (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {codeLabel('questionType', question.type)}
      </Tag>
    ),
  };
}

/** Where a question sits: its course, and its knowledge point when it has one. */
export const questionPlace = (question: Pick<QuestionView, 'courseName' | 'pointName'>) =>
  `${question.courseName}${question.pointName ? ` / ${question.pointName}` : ''}`;
