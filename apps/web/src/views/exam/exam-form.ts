import {
  EXAM_IP_RULES_MAX,
  EXAM_WINDOW_MAX_DAYS,
  isCidr,
  type ExamInput,
  type ExamPublishOptions,
  type ExamView,
  type MultipleScoring,
  type ShowResult,
  type Takeover,
} from '@kaoshi/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** The publish form's values: times as pickers hold them, the share in percent, rules as text. */
export interface ExamFormValues {
  paperId?: number;
  name: string;
  classIds: number[];
  startAt?: Dayjs | null;
  endAt?: Dayjs | null;
  durationMinutes?: number | null;
  lateEntryMinutes: number | null;
  minSubmitMinutes: number | null;
  instructionId?: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  multipleScoring: MultipleScoring;
  /** partialShare × 100: whole percents are the two decimals the schema allows. */
  partialPercent: number | null;
  showResult: ShowResult;
  allowReview: boolean;
  leaveLimit: number | null;
  fullscreen: boolean;
  takeover: Takeover;
  /** One address or CIDR range per line. */
  ipAllowList: string;
  accessCode: string;
}

export type ExamFormField = keyof ExamFormValues;

/** The shared schema's defaults (examFields). */
export const DEFAULT_FORM_VALUES: ExamFormValues = {
  name: '',
  classIds: [],
  lateEntryMinutes: 0,
  minSubmitMinutes: 0,
  shuffleQuestions: false,
  shuffleOptions: false,
  multipleScoring: 'all',
  partialPercent: 50,
  showResult: 'released',
  allowReview: false,
  leaveLimit: 0,
  fullscreen: false,
  takeover: 'allow',
  ipAllowList: '',
  accessCode: '',
};

/** The fields of each step before the review, in order: each step is checked before the next. */
export const STEP_FIELDS: readonly (readonly ExamFormField[])[] = [
  ['paperId', 'name'],
  ['classIds'],
  ['startAt', 'endAt', 'durationMinutes', 'lateEntryMinutes', 'minSubmitMinutes'],
  [
    'instructionId',
    'shuffleQuestions',
    'shuffleOptions',
    'multipleScoring',
    'partialPercent',
    'showResult',
    'allowReview',
    'leaveLimit',
    'fullscreen',
    'takeover',
    'ipAllowList',
    'accessCode',
  ],
];
export const REVIEW_STEP = STEP_FIELDS.length;

/** What an open exam may still change: a later closing time and more batches. */
export const OPEN_EDITABLE: readonly ExamFormField[] = ['endAt', 'classIds'];

/** The form field a server refusal blames (its body field name), if the form has one. */
export function formFieldOf(serverField: string | undefined): ExamFormField | undefined {
  if (!serverField) return undefined;
  const head = serverField.split('.')[0]!;
  const field = head === 'partialShare' ? 'partialPercent' : head;
  return STEP_FIELDS.flat().find((name) => name === field);
}

/** The step holding `field`. */
export const stepOf = (field: ExamFormField) =>
  STEP_FIELDS.findIndex((fields) => fields.includes(field));

/** The non-empty lines of the allow-list, trimmed. */
export const ipRules = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export type IpProblem = { kind: 'tooMany'; max: number } | { kind: 'invalid'; line: string };

/** Why the allow-list would be refused (cidrSchema, EXAM_IP_RULES_MAX), if it would. */
export function ipProblem(text: string | undefined): IpProblem | undefined {
  const rules = ipRules(text);
  const wrong = rules.find((rule) => rule.length > 64 || !isCidr(rule));
  if (wrong !== undefined) return { kind: 'invalid', line: wrong };
  if (new Set(rules).size > EXAM_IP_RULES_MAX) return { kind: 'tooMany', max: EXAM_IP_RULES_MAX };
  return undefined;
}

/** A picked time as sent: to the minute, in UTC. */
export const instant = (value: Dayjs) => value.second(0).millisecond(0).toISOString();

/** Whole minutes between opening and closing, as the server counts them. */
export const windowMinutesOf = (start: Dayjs, end: Dayjs) =>
  Math.floor(
    (end.second(0).millisecond(0).valueOf() - start.second(0).millisecond(0).valueOf()) / 60_000,
  );

export type WindowProblem =
  | { field: 'endAt'; reason: 'endBeforeStart' }
  | { field: 'endAt'; reason: 'windowTooLong'; days: number }
  | { field: 'endAt'; reason: 'notLater'; endAt: string }
  | { field: 'durationMinutes'; reason: 'durationBeyondWindow'; window: number }
  | { field: 'lateEntryMinutes'; reason: 'lateEntryBeyondWindow'; window: number }
  | { field: 'minSubmitMinutes'; reason: 'minSubmitBeyondDuration'; duration: number };

/**
 * The window rules the server checks on every save (checkWindow), for what the form holds, and,
 * for an open exam, that it may only close later than `savedEnd`.
 */
export function windowProblems(
  values: Pick<
    ExamFormValues,
    'startAt' | 'endAt' | 'durationMinutes' | 'lateEntryMinutes' | 'minSubmitMinutes'
  >,
  savedEnd?: string,
): WindowProblem[] {
  const problems: WindowProblem[] = [];
  const { startAt, endAt, durationMinutes } = values;
  if (startAt && endAt) {
    const window = windowMinutesOf(startAt, endAt);
    if (!endAt.second(0).isAfter(startAt.second(0))) {
      problems.push({ field: 'endAt', reason: 'endBeforeStart' });
    } else if (window > EXAM_WINDOW_MAX_DAYS * 24 * 60) {
      problems.push({ field: 'endAt', reason: 'windowTooLong', days: EXAM_WINDOW_MAX_DAYS });
    } else {
      if (typeof durationMinutes === 'number' && durationMinutes > window) {
        problems.push({ field: 'durationMinutes', reason: 'durationBeyondWindow', window });
      }
      if (typeof values.lateEntryMinutes === 'number' && values.lateEntryMinutes > window) {
        problems.push({ field: 'lateEntryMinutes', reason: 'lateEntryBeyondWindow', window });
      }
    }
    if (savedEnd !== undefined && instant(endAt) < savedEnd) {
      problems.push({ field: 'endAt', reason: 'notLater', endAt: savedEnd });
    }
  }
  if (
    typeof durationMinutes === 'number' &&
    typeof values.minSubmitMinutes === 'number' &&
    values.minSubmitMinutes > durationMinutes
  ) {
    problems.push({
      field: 'minSubmitMinutes',
      reason: 'minSubmitBeyondDuration',
      duration: durationMinutes,
    });
  }
  return problems;
}

/** A saved exam as the form shows it. */
export function formValuesOf(exam: ExamView): ExamFormValues {
  return {
    paperId: exam.paperId,
    name: exam.name,
    classIds: exam.classes.map((batch) => batch.id),
    startAt: dayjs(exam.startAt),
    endAt: dayjs(exam.endAt),
    durationMinutes: exam.durationMinutes,
    lateEntryMinutes: exam.lateEntryMinutes,
    minSubmitMinutes: exam.minSubmitMinutes,
    instructionId: exam.instructionId,
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    multipleScoring: exam.multipleScoring,
    partialPercent: Math.round(exam.partialShare * 100),
    showResult: exam.showResult,
    allowReview: exam.allowReview,
    leaveLimit: exam.leaveLimit,
    fullscreen: exam.fullscreen,
    takeover: exam.takeover,
    ipAllowList: exam.ipAllowList.join('\n'),
    accessCode: exam.accessCode,
  };
}

/**
 * The body to send for checked form values (every required one present). A time still on the
 * saved exam's minute is sent as saved, so that an untouched time is no change (an open exam
 * refuses any change to its opening time, and may only close later).
 */
export function examBodyOf(
  values: ExamFormValues,
  saved?: Pick<ExamView, 'startAt' | 'endAt'>,
): ExamInput {
  const time = (picked: Dayjs, was: string | undefined) =>
    was !== undefined && picked.isSame(dayjs(was), 'minute') ? was : instant(picked);
  return {
    name: values.name.trim(),
    paperId: values.paperId!,
    instructionId: values.instructionId ?? null,
    classIds: values.classIds,
    startAt: time(values.startAt!, saved?.startAt),
    endAt: time(values.endAt!, saved?.endAt),
    durationMinutes: values.durationMinutes!,
    lateEntryMinutes: values.lateEntryMinutes ?? 0,
    minSubmitMinutes: values.minSubmitMinutes ?? 0,
    shuffleQuestions: values.shuffleQuestions,
    shuffleOptions: values.shuffleOptions,
    multipleScoring: values.multipleScoring,
    partialShare: (values.partialPercent ?? 50) / 100,
    showResult: values.showResult,
    allowReview: values.allowReview,
    leaveLimit: values.leaveLimit ?? 0,
    fullscreen: values.fullscreen,
    takeover: values.takeover,
    ipAllowList: [...new Set(ipRules(values.ipAllowList))],
    accessCode: values.accessCode.trim(),
  };
}

type Options = ExamPublishOptions;
type OptionPaper = Options['papers'][number];

/** The batches an exam of `paper` may be for: its job type and level. */
export const batchesFor = (options: Options, paper: OptionPaper | undefined) =>
  paper
    ? options.classes.filter(
        (batch) => batch.subjectId === paper.subjectId && batch.level === paper.level,
      )
    : [];

/** The notices an exam of `paper` may show: enabled (all offered are) and for its job type. */
export const noticesFor = (options: Options, paper: OptionPaper | undefined) =>
  paper
    ? options.instructions.filter(
        (notice) => notice.allSubjects || notice.subjectIds.includes(paper.subjectId),
      )
    : [];

/**
 * What changes with the paper: the name while it was the last paper's (or empty), the duration
 * to the new paper's, and the batches and notice that do not fit it.
 */
export function afterPaperChange(
  values: ExamFormValues,
  options: Options,
  from: OptionPaper | undefined,
  to: OptionPaper | undefined,
): Partial<ExamFormValues> {
  if (!to) return {};
  const batches = new Set(batchesFor(options, to).map((batch) => batch.id));
  const notices = new Set(noticesFor(options, to).map((notice) => notice.id));
  const name = values.name.trim();
  return {
    ...((name === '' || name === from?.name) && { name: to.name }),
    durationMinutes: to.durationMinutes,
    classIds: values.classIds.filter((id) => batches.has(id)),
    ...(typeof values.instructionId === 'number' &&
      !notices.has(values.instructionId) && { instructionId: null }),
  };
}
