import type { ExamChangeView } from '@kaoshi/shared';
import type { TFunction } from 'i18next';
import { localTime } from '../../components/exam/exam-format';

/** Names the record may mention by id: the exam's batches, papers and notices known to the screen. */
export interface ChangeNames {
  batch: (id: number) => string | undefined;
  paper: (id: number) => string | undefined;
  notice: (id: number) => string | undefined;
}

/** The fields an update records, as the form names them (`exam.fields.*`). */
const FIELD_KEYS = {
  name: 'name',
  paperId: 'paper',
  instructionId: 'instruction',
  classIds: 'classIds',
  startAt: 'startAt',
  endAt: 'endAt',
  durationMinutes: 'durationMinutes',
  lateEntryMinutes: 'lateEntryMinutes',
  minSubmitMinutes: 'minSubmitMinutes',
  shuffleQuestions: 'shuffleQuestions',
  shuffleOptions: 'shuffleOptions',
  multipleScoring: 'multipleScoring',
  partialShare: 'partialShare',
  showResult: 'showResult',
  allowReview: 'allowReview',
  leaveLimit: 'leaveLimit',
  fullscreen: 'fullscreen',
  applyAccommodations: 'applyAccommodations',
  takeover: 'takeover',
  ipAllowList: 'ipAllowList',
  accessCode: 'accessCode',
} as const;
type RecordedField = keyof typeof FIELD_KEYS;

const isRecordedField = (field: string): field is RecordedField => field in FIELD_KEYS;
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => String(item)) : [];
const isPair = (value: unknown): value is [unknown, unknown] =>
  Array.isArray(value) && value.length === 2;

/** One recorded value as people read it. */
function valueText(t: TFunction, names: ChangeNames, field: RecordedField, value: unknown): string {
  const none = t('codes.none');
  if (value === null || value === undefined || value === '') return none;
  switch (field) {
    case 'startAt':
    case 'endAt':
      return typeof value === 'string' ? localTime(value) : String(value);
    case 'paperId':
      return names.paper(Number(value)) ?? t('exam.changes.numbered', { id: String(value) });
    case 'instructionId':
      return names.notice(Number(value)) ?? t('exam.changes.numbered', { id: String(value) });
    case 'classIds':
      return Array.isArray(value)
        ? value
            .map((id) => names.batch(Number(id)) ?? t('exam.changes.numbered', { id: String(id) }))
            .join(t('exam.check.separator'))
        : String(value);
    case 'durationMinutes':
    case 'lateEntryMinutes':
    case 'minSubmitMinutes':
      return t('exam.minutes', { count: Number(value) });
    case 'partialShare':
      return `${Math.round(Number(value) * 100)}%`;
    case 'multipleScoring':
      return t(`exam.scoring.${value === 'partial' ? 'partial' : 'all'}`);
    case 'showResult':
      return value === 'none' || value === 'objective' || value === 'released'
        ? t(`exam.showResult.${value}`)
        : String(value);
    case 'takeover':
      return value === 'allow' || value === 'refuse' ? t(`exam.takeover.${value}`) : String(value);
    case 'ipAllowList':
      return texts(value).length === 0 ? t('exam.policy.anywhere') : texts(value).join(', ');
    default:
      return typeof value === 'boolean' ? t(value ? 'common.yes' : 'common.no') : String(value);
  }
}

/** A proctor's reason, when the entry has one. */
const reasonLine = (t: TFunction, detail: Record<string, unknown>) =>
  typeof detail.reason === 'string' ? [t('exam.changes.reason', { reason: detail.reason })] : [];

/** What one entry of an exam's change record says, line by line, in the user's language. */
export function describeChange(change: ExamChangeView, t: TFunction, names: ChangeNames): string[] {
  const detail = change.detail;
  const students = texts(detail.students).join(t('exam.check.separator'));
  switch (change.action) {
    case 'create':
      return [t('exam.changes.create', { name: String(detail.name ?? '') })];
    case 'publish':
      return [t('exam.changes.publish', { count: Number(detail.candidates ?? 0) })];
    case 'unpublish':
      return [t('exam.changes.unpublish')];
    case 'addCandidate':
      return [t('exam.changes.addCandidate', { students })];
    case 'removeCandidate':
      return [t('exam.changes.removeCandidate', { students })];
    case 'extraTime': {
      const [from, to] = isPair(detail.minutes) ? detail.minutes : [0, detail.minutes];
      return [
        t('exam.changes.extraTime', {
          student: String(detail.student ?? ''),
          from: Number(from),
          to: Number(to),
        }),
        ...reasonLine(t, detail),
      ];
    }
    // The proctor's actions (docs/features/proctoring.md), each with its reason.
    case 'proctorSubmit':
      return [
        t('exam.changes.proctorSubmit', { student: String(detail.student ?? '') }),
        ...reasonLine(t, detail),
      ];
    case 'proctorReopen':
      return [
        t('exam.changes.proctorReopen', {
          student: String(detail.student ?? ''),
          minutes: Number(detail.minutes ?? 0),
        }),
        ...reasonLine(t, detail),
      ];
    case 'proctorMessage':
      return [
        t('exam.changes.proctorMessage', {
          to: detail.all === true ? t('exam.changes.everyone') : String(detail.student ?? ''),
          content: String(detail.content ?? ''),
        }),
      ];
    case 'makeUp':
      return [
        t('exam.changes.makeUp', {
          id: String(detail.of ?? ''),
          who: t(
            `exam.makeUp.whoOptions.${detail.who === 'failed' || detail.who === 'both' ? detail.who : 'absent'}`,
          ),
          count: Number(detail.candidates ?? 0),
        }),
      ];
    case 'makeUpPublished':
      return [t('exam.changes.makeUpPublished', { id: String(detail.examId ?? '') })];
    // The paper printed with answers while the exam was open (lib/access paperAccess).
    case 'printKeys':
      return [t('exam.changes.printKeys', { id: String(detail.paperId ?? '') })];
    // The seat plan (docs/features/venues.md).
    case 'planSeats':
      return [
        t('exam.changes.planSeats', {
          count: Number(detail.candidates ?? 0),
          rooms: texts(detail.rooms).join(t('exam.check.separator')),
        }),
      ];
    case 'moveCandidate':
      return [
        t('exam.changes.moveCandidate', {
          student: String(detail.student ?? ''),
          to: String(detail.to ?? ''),
        }),
      ];
    case 'importSeatPlan':
      return [
        t('exam.changes.importSeatPlan', {
          moved: Number(detail.moved ?? 0),
          unchanged: Number(detail.unchanged ?? 0),
          notInFile: Number(detail.notInFile ?? 0),
        }),
      ];
    case 'setInvigilators':
      return [
        t('exam.changes.setInvigilators', {
          room: String(detail.room ?? ''),
          users: texts(detail.users).join(t('exam.check.separator')),
        }),
      ];
    case 'answerFileUpload':
      return [
        t('exam.changes.answerFileUpload', {
          student: String(detail.student ?? ''),
          file: String(detail.file ?? ''),
          applied: Number(detail.applied ?? 0),
          ignored: Number(detail.ignored ?? 0),
          refused: Number(detail.refused ?? 0),
        }),
      ];
    case 'setSessions':
      return [
        t('exam.changes.setSessions', {
          sessions: texts(detail.sessions).join(t('exam.check.separator')) || '—',
        }),
      ];
    case 'update':
      return Object.entries(detail).map(([field, pair]) =>
        isRecordedField(field) && isPair(pair)
          ? t('exam.changes.field', {
              field: t(`exam.fields.${FIELD_KEYS[field]}`),
              from: valueText(t, names, field, pair[0]),
              to: valueText(t, names, field, pair[1]),
            })
          : `${field}: ${JSON.stringify(pair)}`,
      );
    default:
      return [`${change.action} ${JSON.stringify(detail)}`];
  }
}

/** The action's name for the record's action column. */
export const ACTIONS = [
  'create',
  'update',
  'publish',
  'unpublish',
  'addCandidate',
  'removeCandidate',
  'extraTime',
  'makeUp',
  'makeUpPublished',
  'proctorSubmit',
  'proctorReopen',
  'proctorMessage',
  'printKeys',
  'planSeats',
  'moveCandidate',
  'setInvigilators',
  'importSeatPlan',
  'answerFileUpload',
  'setSessions',
] as const;
export type RecordedAction = (typeof ACTIONS)[number];
export const isRecordedAction = (action: string): action is RecordedAction =>
  (ACTIONS as readonly string[]).includes(action);
