import { QuestionType, type QuestionProblem } from '@kaoshi/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { problemPlace } from './question-form';

/** The field names of the API and of the import's columns, as the form and template name them. */
const FIELD_LABELS = {
  type: 'type',
  content: 'content',
  options: 'options',
  answer: 'answer',
  blanks: 'blanks',
  linkUrl: 'linkUrl',
  analysis: 'analysis',
  score: 'score',
  difficulty: 'difficulty',
  subjectId: 'jobType',
  subjectCode: 'jobType',
  level: 'level',
  courseId: 'course',
  courseCode: 'course',
  pointId: 'point',
  pointCode: 'point',
  tags: 'tags',
} as const;

/**
 * Words for a shape problem (shared rules, server refusals, import rows) in the user's language:
 * from its code, with the option or blank it is about. `type` picks the single- or
 * multiple-choice wording of the correct-count rule.
 */
export function useProblemText() {
  const { t } = useTranslation();
  return useCallback(
    (problem: Pick<QuestionProblem, 'code' | 'field'> & { message?: string }, type?: number) => {
      const place = problemPlace(problem.field);
      const label =
        place.part in FIELD_LABELS
          ? t(`question.fields.${FIELD_LABELS[place.part as keyof typeof FIELD_LABELS]}`)
          : place.part;
      switch (problem.code) {
        case 'required':
          return t('question.problems.required', { field: label });
        case 'tooLong':
          return t('question.problems.tooLong', { field: label });
        case 'optionEmpty':
          return t('question.problems.optionEmpty', { key: place.key ?? '' });
        case 'optionDuplicate':
          return t('question.problems.optionDuplicate', { key: place.key ?? '' });
        case 'blankEmpty':
          return t('question.problems.blankEmpty', { n: place.n ?? '' });
        case 'correctCount':
          return t(
            type === QuestionType.SINGLE
              ? 'question.problems.correctCountSingle'
              : type === QuestionType.MULTIPLE
                ? 'question.problems.correctCountMultiple'
                : 'question.problems.correctCount',
          );
        case 'unsupported':
          // The reason names the other tool's question type (matching, Cloze …): kept as sent.
          return t('question.problems.unsupported', { reason: problem.message ?? '' });
        default:
          return t(`question.problems.${problem.code}`);
      }
    },
    [t],
  );
}
