import {
  EXAM_IP_RULES_MAX,
  isCidr,
  type ExamInput,
  type ExamPublishOptions,
  type ExamView,
  type MultipleScoring,
  type ShowResult,
  type Takeover,
} from '@kaoshi/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { instant } from '../../components/exam/exam-window';

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
  applyAccommodations: boolean;
  requireCheckIn: boolean;
  holdUntilRoomStart: boolean;
  takeover: Takeover;
  /** One address or CIDR range per line. */
  ipAllowList: string;
  accessCode: string;
  /** The certification scheme the exam counts for (its theory exam); none: as before. */
  schemeId?: number | null;
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
  applyAccommodations: true,
  requireCheckIn: false,
  holdUntilRoomStart: false,
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
    'applyAccommodations',
    'requireCheckIn',
    'holdUntilRoomStart',
    'takeover',
    'ipAllowList',
    'accessCode',
    'schemeId',
  ],
];
export const REVIEW_STEP = STEP_FIELDS.length;

/** What an open exam may still change: a later closing time and more batches. */
export const OPEN_EDITABLE: readonly ExamFormField[] = ['endAt', 'classIds'];

/** Whether `field` is shown but not changeable, for an exam of which `editable` may change. */
export const isLocked = (editable: ExamView['editable'], field: ExamFormField) =>
  editable === 'none' || (editable === 'open' && !OPEN_EDITABLE.includes(field));

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
    applyAccommodations: exam.applyAccommodations,
    requireCheckIn: exam.requireCheckIn,
    holdUntilRoomStart: exam.holdUntilRoomStart,
    takeover: exam.takeover,
    ipAllowList: exam.ipAllowList.join('\n'),
    accessCode: exam.accessCode,
    schemeId: exam.schemeId,
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
    applyAccommodations: values.applyAccommodations,
    requireCheckIn: values.requireCheckIn,
    holdUntilRoomStart: values.holdUntilRoomStart,
    takeover: values.takeover,
    ipAllowList: [...new Set(ipRules(values.ipAllowList))],
    accessCode: values.accessCode.trim(),
    schemeId: values.schemeId ?? null,
  };
}

type Options = ExamPublishOptions;
type OptionPaper = Options['papers'][number];
/** What the paper step reads of the exam being edited. */
type SavedPaper = Pick<
  ExamView,
  'paperId' | 'paperName' | 'subjectId' | 'subjectName' | 'level' | 'passScore' | 'durationMinutes'
>;

/**
 * The chosen paper's facts. A published exam's paper may no longer be among the passed ones
 * offered: its facts then come from the exam.
 */
export const paperFactsOf = (
  options: Options,
  paperId: number | undefined,
  saved: SavedPaper | undefined,
): OptionPaper | undefined =>
  options.papers.find((p) => p.id === paperId) ??
  (saved && {
    id: saved.paperId,
    name: saved.paperName,
    subjectId: saved.subjectId,
    subjectName: saved.subjectName,
    level: saved.level,
    passScore: saved.passScore,
    durationMinutes: saved.durationMinutes,
  });

/** The papers offered: the exam's own stays first (with the facts it froze) when no longer passed. */
export function paperChoicesOf(
  options: Options,
  saved: SavedPaper | undefined,
): Pick<OptionPaper, 'id' | 'name' | 'subjectName' | 'level'>[] {
  if (!saved || options.papers.some((p) => p.id === saved.paperId)) return options.papers;
  const { paperId: id, paperName: name, subjectName, level } = saved;
  return [{ id, name, subjectName, level }, ...options.papers];
}

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
