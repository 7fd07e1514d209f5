import {
  CHOICE_TYPES,
  DIFFICULTY_DEFAULT,
  OPTION_KEYS,
  QUESTION_BLANK_MAX,
  QUESTION_SCORE_DEFAULT,
  QuestionType,
  countBlankMarkers,
  questionShapeProblems,
  roughHtml,
  type CertLevel,
  type Difficulty,
  type QuestionInput,
  type QuestionProblem,
  type QuestionTypeCode,
  type QuestionView,
} from '@kaoshi/shared';

/** What the question form holds: the API's fields, optional while being filled in. */
export interface QuestionFormValues {
  type: QuestionTypeCode;
  content: string;
  options: { content: string; correct: boolean }[];
  answer: string;
  blanks: string[][];
  linkUrl: string;
  analysis: string;
  score: number | null;
  difficulty: number;
  subjectId?: number;
  level?: CertLevel;
  courseId?: number;
  pointId?: number;
  tags: string[];
}

/** Where a new question goes when the list is already filtered to it. */
export interface QuestionPlacement {
  subjectId?: number;
  level?: CertLevel;
  courseId?: number;
  pointId?: number;
}

/**
 * Where a new question starts: where the last one added went (job type, level, course), unless
 * the list is filtered to another job type, level or course, which then wins.
 */
export function nextPlacement(
  filter: QuestionPlacement,
  last: QuestionPlacement | undefined,
): QuestionPlacement {
  if (!last) return filter;
  const differs = (['subjectId', 'level', 'courseId'] as const).some(
    (field) => filter[field] !== undefined && filter[field] !== last[field],
  );
  if (differs) return filter;
  const named = Object.entries(filter).filter(([, value]) => value !== undefined);
  return { ...last, ...Object.fromEntries(named) };
}

const emptyOption = () => ({ content: '', correct: false });
/** A new choice question starts with the four options most have. */
export const NEW_OPTION_COUNT = 4;

export const newQuestionValues = (placement: QuestionPlacement = {}): QuestionFormValues => ({
  type: QuestionType.SINGLE,
  content: '',
  options: Array.from({ length: NEW_OPTION_COUNT }, emptyOption),
  answer: '',
  blanks: [],
  linkUrl: '',
  analysis: '',
  score: QUESTION_SCORE_DEFAULT,
  difficulty: DIFFICULTY_DEFAULT,
  tags: [],
  ...placement,
});

export const questionValues = (question: QuestionView): QuestionFormValues => ({
  type: question.type,
  content: question.content,
  options: CHOICE_TYPES.includes(question.type)
    ? question.options.map(({ content, correct }) => ({ content, correct }))
    : Array.from({ length: NEW_OPTION_COUNT }, emptyOption),
  answer: question.answer,
  blanks: question.blanks,
  linkUrl: question.linkUrl,
  analysis: question.analysis,
  score: question.score,
  difficulty: question.difficulty,
  subjectId: question.subjectId,
  level: question.level as CertLevel,
  courseId: question.courseId,
  pointId: question.pointId ?? undefined,
  tags: question.tags,
});

/** The body add and update send; the server keeps only what the type uses. */
export const questionInput = (values: QuestionFormValues): QuestionInput => ({
  type: values.type,
  content: values.content,
  options: CHOICE_TYPES.includes(values.type) ? values.options : [],
  answer:
    values.type === QuestionType.FILL_BLANK || CHOICE_TYPES.includes(values.type)
      ? ''
      : values.answer,
  blanks: values.type === QuestionType.FILL_BLANK ? values.blanks : [],
  linkUrl: values.type === QuestionType.EXTERNAL_LINK ? values.linkUrl.trim() : '',
  analysis: values.analysis,
  score: values.score ?? 0,
  difficulty: values.difficulty as Difficulty,
  subjectId: values.subjectId!,
  level: values.level!,
  courseId: values.courseId!,
  pointId: values.pointId ?? null,
  tags: values.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''),
});

/** The blank markers (___) in a stem's text. */
export const stemBlankCount = (content: string) => countBlankMarkers(roughHtml.text(content));

/** The blanks' answers resized to the stem's markers: kept in order, new ones empty. */
export function fitBlanks(blanks: readonly string[][], markers: number): string[][] {
  const count = Math.min(markers, QUESTION_BLANK_MAX);
  return Array.from({ length: count }, (_, index) => blanks[index] ?? []);
}

/**
 * The answer field holds a different thing per type (T/F, a guide, a model answer): keep it only
 * when it still means something to the new type.
 */
export function answerForType(answer: string, type: QuestionTypeCode): string {
  const isJudgement = answer === 'T' || answer === 'F';
  if (type === QuestionType.JUDGEMENT) return isJudgement ? answer : '';
  if (type === QuestionType.EXTERNAL_LINK || type === QuestionType.SHORT_ANSWER) {
    return isJudgement ? '' : answer;
  }
  return answer;
}

/** The shared shape rules on the form's values (the same ones the server and import apply). */
export const formProblems = (values: QuestionFormValues): QuestionProblem[] =>
  questionShapeProblems({
    type: values.type,
    content: values.content ?? '',
    options: values.options ?? [],
    answer: values.answer ?? '',
    blanks: (values.blanks ?? []).map((accepted) =>
      accepted.map((answer) => answer.trim()).filter((answer) => answer !== ''),
    ),
    linkUrl: (values.linkUrl ?? '').trim(),
  });

/** The words of a problem's field path for people: options.1.content → option B. */
export function problemPlace(field: string): { part: string; key?: string; n?: number } {
  const [part = field, index] = field.split('.');
  const position = index === undefined ? undefined : Number(index);
  if (part === 'options' && position !== undefined) return { part, key: OPTION_KEYS[position] };
  if (part === 'blanks' && position !== undefined) return { part, n: position + 1 };
  return { part };
}

export { difficultyKey } from '../../components/question/difficulty';
