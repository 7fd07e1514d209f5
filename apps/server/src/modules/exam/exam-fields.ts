import {
  EXAM_WINDOW_MAX_DAYS,
  FIELD_LABELS,
  type ExamInput,
  inEveryLanguage,
  listIn,
  type MultipleScoring,
  type ShowResult,
  type Takeover,
} from '@kaoshi/shared';
import { invalid } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import type { ExamRow, ExamValues } from './exam.repository.js';

/*
 * An exam's form and the rules on it that hold in every state: what the fields are stored as,
 * the body a row was given, what an update changed, and the window's rules.
 */

const MINUTE = 60_000;

/** What an exam takes from its paper: its job type and level, and its pass score (hundredths). */
export interface PaperFacts {
  subjectId: number;
  level: number;
  passScore: number;
  /** The certification scheme's theory component the exam counts for (exam-scheme.ts). */
  schemeComponentId?: number | null;
}

/** What an exam's fields are stored as, from a checked body. */
export function columnsOf(input: ExamInput, paper: PaperFacts) {
  return {
    name: input.name,
    paper_id: input.paperId,
    subject_id: paper.subjectId,
    level: paper.level,
    pass_score: paper.passScore,
    instruction_id: input.instructionId,
    start_at: input.startAt,
    end_at: input.endAt,
    duration_minutes: input.durationMinutes,
    late_entry_minutes: input.lateEntryMinutes,
    min_submit_minutes: input.minSubmitMinutes,
    shuffle_questions: input.shuffleQuestions ? 1 : 0,
    shuffle_options: input.shuffleOptions ? 1 : 0,
    multiple_scoring: input.multipleScoring,
    partial_share: Math.round(input.partialShare * 100),
    show_result: input.showResult,
    allow_review: input.allowReview ? 1 : 0,
    leave_limit: input.leaveLimit,
    fullscreen: input.fullscreen ? 1 : 0,
    apply_accommodations: input.applyAccommodations ? 1 : 0,
    require_check_in: input.requireCheckIn ? 1 : 0,
    hold_until_room_start: input.holdUntilRoomStart ? 1 : 0,
    takeover: input.takeover,
    ip_allow_list: JSON.stringify(input.ipAllowList),
    access_code: input.accessCode,
    scheme_component_id: paper.schemeComponentId ?? null,
  } satisfies Partial<ExamValues>;
}

/**
 * The body an exam row and its batches were given, to compare an update with; `schemeId`: the
 * scheme its component belongs to (exam-scheme.ts schemeIdOf).
 */
export function inputOf(row: ExamRow, classIds: number[], schemeId: number | null): ExamInput {
  return {
    name: row.name,
    paperId: row.paper_id,
    instructionId: row.instruction_id,
    classIds,
    startAt: row.start_at,
    endAt: row.end_at,
    durationMinutes: row.duration_minutes,
    lateEntryMinutes: row.late_entry_minutes,
    minSubmitMinutes: row.min_submit_minutes,
    shuffleQuestions: row.shuffle_questions === 1,
    shuffleOptions: row.shuffle_options === 1,
    multipleScoring: row.multiple_scoring as MultipleScoring,
    partialShare: row.partial_share / 100,
    showResult: row.show_result as ShowResult,
    allowReview: row.allow_review === 1,
    leaveLimit: row.leave_limit,
    fullscreen: row.fullscreen === 1,
    applyAccommodations: row.apply_accommodations === 1,
    requireCheckIn: row.require_check_in === 1,
    holdUntilRoomStart: row.hold_until_room_start === 1,
    takeover: row.takeover as Takeover,
    ipAllowList: parseJson<string[]>(row.ip_allow_list, []),
    accessCode: row.access_code,
    schemeId,
  };
}

/** Fields whose value differs: field → [before, after]. */
export function differences(
  before: ExamInput,
  after: ExamInput,
): Record<string, [unknown, unknown]> {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as (keyof ExamInput)[]) {
    const a = JSON.stringify(before[key]);
    const b = JSON.stringify(after[key]);
    if (key === 'classIds') {
      const sorted = (ids: number[]) => JSON.stringify([...ids].sort((x, y) => x - y));
      if (sorted(before.classIds) !== sorted(after.classIds)) {
        changed[key] = [before[key], after[key]];
      }
    } else if (a !== b) changed[key] = [before[key], after[key]];
  }
  return changed;
}

/** Window rules that hold for drafts too: the window's order and length, and what fits in it. */
export function checkWindow(
  input: Pick<ExamInput, 'startAt' | 'endAt' | 'durationMinutes'> & Partial<ExamInput>,
) {
  const windowMinutes = Math.floor((Date.parse(input.endAt) - Date.parse(input.startAt)) / MINUTE);
  if (Date.parse(input.endAt) <= Date.parse(input.startAt)) {
    throw invalid('endAt', 'examEndBeforeStart');
  }
  if (windowMinutes > EXAM_WINDOW_MAX_DAYS * 24 * 60) {
    throw invalid('endAt', 'examWindowTooLong', { days: EXAM_WINDOW_MAX_DAYS });
  }
  if (input.durationMinutes > windowMinutes) {
    throw invalid('durationMinutes', 'examDurationBeyondWindow', {
      duration: input.durationMinutes,
      window: windowMinutes,
    });
  }
  if (input.lateEntryMinutes !== undefined && input.lateEntryMinutes > windowMinutes) {
    throw invalid('lateEntryMinutes', 'examLateEntryBeyondWindow', {
      minutes: input.lateEntryMinutes,
      window: windowMinutes,
    });
  }
  if (input.minSubmitMinutes !== undefined && input.minSubmitMinutes > input.durationMinutes) {
    throw invalid('minSubmitMinutes', 'examMinSubmitBeyondDuration', {
      minutes: input.minSubmitMinutes,
      duration: input.durationMinutes,
    });
  }
}

/** Publishing needs a closing time still ahead. */
export function checkNotOver(endAt: string, now: string) {
  if (endAt <= now) throw invalid('endAt', 'examEndInPast', { endAt });
}

/** The fields an open exam may still change: closing later, and more batches. */
export const OPEN_CHANGEABLE = new Set<keyof ExamInput>(['endAt', 'classIds']);

/** The fields named, in each language ("开考时间、时长", "Opens at, Duration"). */
export function fieldList(fields: (keyof ExamInput)[]) {
  return inEveryLanguage((language) =>
    listIn(
      fields.map((field) => FIELD_LABELS[field][language]),
      language,
    ),
  );
}
