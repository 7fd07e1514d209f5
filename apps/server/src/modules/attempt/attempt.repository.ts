import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { roomOrExamAllowList } from './attempt-start.repository.js';

/** An attempt with what checking a save or finishing it needs from its exam. */
export function attemptWithExam(db: Db) {
  return db
    .selectFrom('attempts')
    .innerJoin('exams', 'exams.id', 'attempts.exam_id')
    .leftJoin('exam_candidates as seat', 'seat.id', 'attempts.candidate_id')
    .leftJoin('venue_rooms as room', 'room.id', 'seat.room_id')
    .select([
      'attempts.id',
      'attempts.exam_id',
      'attempts.candidate_id',
      'attempts.student_id',
      'attempts.paper_version_id',
      'attempts.seed',
      'attempts.started_at',
      'attempts.deadline',
      'attempts.finished_at',
      'attempts.finish_reason',
      'attempts.objective_score',
      'attempts.pending_marking',
      'attempts.receipt_code',
      'attempts.live_token',
      'attempts.leave_count',
      'attempts.start_ip',
      'attempts.paused_at',
      'attempts.pause_reason',
      'attempts.breaks_allowed',
      'attempts.breaks_taken',
      'attempts.break_minutes',
      'exams.name as exam_name',
      'exams.end_at',
      'exams.min_submit_minutes',
      'exams.shuffle_questions',
      'exams.shuffle_options',
      'exams.multiple_scoring',
      'exams.partial_share',
      'exams.show_result',
      'exams.released_at',
      'exams.pass_score',
      'exams.leave_limit',
      'exams.fullscreen',
      'exams.takeover',
      roomOrExamAllowList,
    ]);
}
export type AttemptRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof attemptWithExam>['executeTakeFirst']>>
>;

export interface StoredSave {
  attemptId: number;
  itemId: string;
  seq: number;
  /** JSON. */
  value: string;
  savedAt: string;
  /** The value holds an answer (paper/scoring.ts isAnswered). */
  answered: boolean;
}

/** Rows per insert: SQLite binds at most 32,766 parameters per statement. */
const UPSERT_CHUNK = 1000;

/**
 * Writes saves, each only if its seq is above the stored one (a resend or an older save changes
 * nothing), in the caller's transaction.
 */
export async function upsertAnswers(trx: Db, saves: readonly StoredSave[]) {
  for (let i = 0; i < saves.length; i += UPSERT_CHUNK) {
    await trx
      .insertInto('attempt_answers')
      .values(
        saves.slice(i, i + UPSERT_CHUNK).map((save) => ({
          attempt_id: save.attemptId,
          item_id: save.itemId,
          seq: save.seq,
          value: save.value,
          saved_at: save.savedAt,
          score: null,
          answered: save.answered ? 1 : 0,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['attempt_id', 'item_id'])
          .doUpdateSet({
            seq: (eb) => eb.ref('excluded.seq'),
            value: (eb) => eb.ref('excluded.value'),
            saved_at: (eb) => eb.ref('excluded.saved_at'),
            answered: (eb) => eb.ref('excluded.answered'),
          })
          .where(sql<boolean>`attempt_answers.seq < excluded.seq`),
      )
      .execute();
  }
}

/** The attempt's answers as stored, in item order (the receipt code hashes them so). */
export function answersQuery(db: Db, attemptId: number) {
  return db
    .selectFrom('attempt_answers')
    .select(['item_id', 'seq', 'value'])
    .where('attempt_id', '=', attemptId)
    .orderBy('item_id');
}

export const answersOf = (db: Db, attemptId: number) => answersQuery(db, attemptId).execute();

/** An integrity event as stored (attempt_events). */
export interface AttemptEventInput {
  attemptId: number;
  examId: number;
  type: string;
  detail?: object;
  ip?: string;
  at: string;
}

/** Rows per insert: 6 columns stay far below SQLite's parameter limit. */
const EVENT_CHUNK = 1000;

export async function recordEvents(db: Db, events: readonly AttemptEventInput[]) {
  for (let i = 0; i < events.length; i += EVENT_CHUNK) {
    await db
      .insertInto('attempt_events')
      .values(
        events.slice(i, i + EVENT_CHUNK).map((event) => ({
          attempt_id: event.attemptId,
          exam_id: event.examId,
          type: event.type,
          detail: JSON.stringify(event.detail ?? {}),
          ip: event.ip ?? '',
          created_at: event.at,
        })),
      )
      .execute();
  }
}

export const recordEvent = (db: Db, event: AttemptEventInput) => recordEvents(db, [event]);

/** What getResult needs beside the attempt: the candidate's total and pass, the review policy. */
export function resultFactsOf(db: Db, attemptId: number) {
  return db
    .selectFrom('attempts')
    .innerJoin('exam_candidates', 'exam_candidates.id', 'attempts.candidate_id')
    .innerJoin('exams', 'exams.id', 'attempts.exam_id')
    .select(['exam_candidates.score', 'exams.allow_review'])
    .where('attempts.id', '=', attemptId)
    .executeTakeFirstOrThrow();
}

/** The attempt's answers with their scores (null: not scored, or a marker's still to come). */
export function scoredAnswersOf(db: Db, attemptId: number) {
  return db
    .selectFrom('attempt_answers')
    .select(['item_id', 'value', 'score'])
    .where('attempt_id', '=', attemptId)
    .execute();
}

/**
 * The markers' comment on each marked answer of the attempt, by item: the arbiter's when the
 * answer was arbitrated, else the comments of the marks that made the final score (the current
 * cycle), joined. Never who wrote them.
 */
export async function markerCommentsOf(db: Db, attemptId: number): Promise<Map<string, string>> {
  const [arbitrations, marks] = await Promise.all([
    db
      .selectFrom('marking_answers as ma')
      .innerJoin('marking_arbitrations as ar', (join) =>
        join.onRef('ar.answer_id', '=', 'ma.id').onRef('ar.cycle', '=', 'ma.cycle'),
      )
      .select(['ma.item_id', 'ar.comment'])
      .where('ma.attempt_id', '=', attemptId)
      .execute(),
    db
      .selectFrom('marking_marks as mk')
      .innerJoin('marking_answers as ma', 'ma.id', 'mk.answer_id')
      .select(['ma.item_id', 'mk.comment'])
      .where('ma.attempt_id', '=', attemptId)
      .whereRef('mk.cycle', '=', 'ma.cycle')
      .orderBy('ma.item_id')
      .orderBy('mk.round')
      .execute(),
  ]);
  const byItem = new Map<string, string[]>();
  for (const mark of marks) {
    const comments = byItem.get(mark.item_id) ?? [];
    if (mark.comment !== '' && !comments.includes(mark.comment)) comments.push(mark.comment);
    byItem.set(mark.item_id, comments);
  }
  const comments = new Map([...byItem].map(([itemId, texts]) => [itemId, texts.join('\n')]));
  for (const arbitration of arbitrations) comments.set(arbitration.item_id, arbitration.comment);
  return comments;
}

// ── Absences from the exam page (a leave counts only past a grace) ─────────────────────────

/** An absence the page counts as no leave: the link task's own tab, or one counted already. */
export const UNCOUNTED_AWAY = ['link_task', 'offline', 'counted'];

export function awayOf(db: Db, attemptId: number) {
  return db
    .selectFrom('attempts')
    .select(['away_since', 'away_kind', 'link_task_at', 'leave_count', 'finished_at'])
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow();
}

/** The page is away from `at` (kind), unless an absence is already going on. */
export async function markAway(db: Db, attemptId: number, at: string, kind: string) {
  await db
    .updateTable('attempts')
    .set({ away_since: at, away_kind: kind })
    .where('id', '=', attemptId)
    .where('finished_at', 'is', null)
    .where('away_since', 'is', null)
    // A paused attempt's page is away for the platform's reason, never the candidate's.
    .where('paused_at', 'is', null)
    .execute();
}

/**
 * Changes the kind of the absence that began at `since` with kind `from`; `leave` adds one to the
 * count, `end` closes the absence. Answers whether this call did it (another process, the sweep
 * or the page may have come first).
 */
export async function settleAway(
  db: Db,
  attemptId: number,
  since: string,
  from: string,
  change: { to?: string; since?: string; leave?: boolean; end?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('attempts')
    .set((eb) => ({
      ...(change.end
        ? { away_since: null, away_kind: null }
        : { away_kind: change.to ?? from, away_since: change.since ?? since }),
      ...(change.leave ? { leave_count: eb('leave_count', '+', 1) } : {}),
    }))
    .where('id', '=', attemptId)
    .where('away_since', '=', since)
    .where('away_kind', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markLinkTask(db: Db, attemptId: number, at: string) {
  await db.updateTable('attempts').set({ link_task_at: at }).where('id', '=', attemptId).execute();
}

/** Running attempts whose page has been away (a kind that counts) since `before` or earlier. */
export function awayPast(db: Db, before: string, limit: number) {
  return db
    .selectFrom('attempts')
    .select(['id', 'away_since', 'away_kind'])
    .where('finished_at', 'is', null)
    .where('paused_at', 'is', null)
    .where('away_since', '<=', before)
    .where('away_kind', 'not in', UNCOUNTED_AWAY)
    .orderBy('away_since')
    .limit(limit)
    .execute();
}

// ── The receipt key ────────────────────────────────────────────────────────────────────────

/**
 * A secret of the server's, made once: the first process to need it inserts it, every other
 * one (and every later start) reads that one.
 */
export async function serverSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: make(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** A finished attempt of the exam whose stored receipt code is `code`, with its candidate. */
export function attemptByReceipt(db: Db, examId: number, code: string) {
  return db
    .selectFrom('attempts')
    .innerJoin('students', 'students.id', 'attempts.student_id')
    .innerJoin('exam_candidates as c', 'c.id', 'attempts.candidate_id')
    .select([
      'attempts.id',
      'attempts.candidate_id',
      'attempts.student_id',
      'attempts.finished_at',
      'attempts.finish_reason',
      'c.class_id',
      'students.name',
      'students.ticket_number',
    ])
    .where('attempts.exam_id', '=', examId)
    .where('attempts.receipt_code', '=', code)
    .where('attempts.finished_at', 'is not', null)
    .executeTakeFirst();
}

/** The candidate row is free of an access-code lock at `now` (SQL). */
const notLocked = (now: string) =>
  sql<boolean>`(access_locked_until is null or access_locked_until <= ${now})`;

/** Counts a wrong access code unless the row is locked; the count, or null when locked. */
export async function countAccessFailure(db: Db, candidateId: number, now: string) {
  const row = await db
    .updateTable('exam_candidates')
    .set((eb) => ({ access_code_failures: eb('access_code_failures', '+', 1) }))
    .where('id', '=', candidateId)
    .where(notLocked(now))
    .returning('access_code_failures')
    .executeTakeFirst();
  return row?.access_code_failures ?? null;
}

/** A right access code: the count starts again; false when the row is locked. */
export async function clearAccessFailures(db: Db, candidateId: number, now: string) {
  const row = await db
    .updateTable('exam_candidates')
    .set({ access_code_failures: 0, access_locked_until: null })
    .where('id', '=', candidateId)
    .where(notLocked(now))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function lockAccess(db: Db, candidateId: number, until: string) {
  await db
    .updateTable('exam_candidates')
    .set({ access_code_failures: 0, access_locked_until: until })
    .where('id', '=', candidateId)
    .execute();
}

export async function candidateLock(db: Db, candidateId: number) {
  const row = await db
    .selectFrom('exam_candidates')
    .select('access_locked_until')
    .where('id', '=', candidateId)
    .executeTakeFirst();
  return row?.access_locked_until ?? null;
}

/** Keeps the first opening of the notice; answers when that was. */
export async function markNoticeOpened(db: Db, candidateId: number, now: string) {
  await db
    .updateTable('exam_candidates')
    .set({ notice_opened_at: now })
    .where('id', '=', candidateId)
    .where('notice_opened_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('exam_candidates')
    .select('notice_opened_at')
    .where('id', '=', candidateId)
    .executeTakeFirstOrThrow();
  return row.notice_opened_at ?? now;
}

/** Which page holds each attempt now (its live token), in the caller's transaction. */
export async function setLiveTokens(
  db: Db,
  holds: readonly { attemptId: number; token: string }[],
) {
  for (const { attemptId, token } of holds) {
    await db
      .updateTable('attempts')
      .set({ live_token: token })
      .where('id', '=', attemptId)
      .execute();
  }
}

/** The attempt with its exam's facts, if it exists. */
export const attemptById = (db: Db, attemptId: number) =>
  attemptWithExam(db).where('attempts.id', '=', attemptId).executeTakeFirst();

/** The attempt, only if it is the student's own. */
export const ownAttemptQuery = (db: Db, attemptId: number, studentId: number) =>
  attemptWithExam(db)
    .where('attempts.id', '=', attemptId)
    .where('attempts.student_id', '=', studentId);

/** The attempt's deadline and whether it is paused, if it exists. */
export async function deadlineOfAttempt(db: Db, attemptId: number) {
  return db
    .selectFrom('attempts')
    .select(['deadline', 'paused_at'])
    .where('id', '=', attemptId)
    .executeTakeFirst();
}

/**
 * What checking saves needs of their attempts, in the caller's transaction; `lock`: locked for
 * the batch (PostgreSQL: a finalization running beside it waits, or is waited for, and so does
 * another batch of the same attempt, whose count of answered items must see this one's rows).
 * Locked in id order, so that overlapping batches do not deadlock.
 */
export function attemptsForSaves(trx: Db, attemptIds: readonly number[], lock: boolean) {
  let query = trx
    .selectFrom('attempts')
    .select(['id', 'deadline', 'finished_at', 'finish_reason', 'paused_at', 'pause_reason'])
    .where('id', 'in', attemptIds)
    .orderBy('id');
  if (lock) query = query.forNoKeyUpdate();
  return query.execute();
}

/**
 * After a batch of saves (in its transaction): the attempts' count of items holding an answer,
 * counted anew from the partial index (a few entries each), and their latest save (`at`, unless
 * a later one is stored). Answers each attempt's count.
 */
export async function countAnswered(
  trx: Db,
  attemptIds: readonly number[],
  at: string,
): Promise<Map<number, number>> {
  const rows = await trx
    .updateTable('attempts')
    .set((eb) => ({
      answered_count: eb
        .selectFrom('attempt_answers as aa')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('aa.attempt_id', '=', 'attempts.id')
        // A literal, so that the partial index applies (a bound parameter would not prove it).
        .where('aa.answered', '=', sql.lit(1)),
      last_saved_at: sql<string>`case when attempts.last_saved_at is null or attempts.last_saved_at < ${at} then ${at} else attempts.last_saved_at end`,
    }))
    .where('id', 'in', attemptIds)
    .returning(['id', 'answered_count'])
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.answered_count)]));
}

/**
 * Running attempts whose deadline was at or before `before`, earliest first; not a paused one
 * (its deadline is known only when it resumes).
 */
export function attemptsDue(db: Db, before: string, limit: number) {
  return db
    .selectFrom('attempts')
    .select('id')
    .where('finished_at', 'is', null)
    .where('paused_at', 'is', null)
    .where('deadline', '<=', before)
    .orderBy('deadline')
    .limit(limit)
    .execute();
}

/**
 * Ends the attempt if it is still running (a conditional UPDATE: with several processes exactly
 * one wins), in the caller's transaction; answers whether this call ended it. The deadline
 * (`reason` 'deadline') never ends a paused attempt: a pause made after the scheduler listed it
 * wins.
 */
export async function claimAttempt(trx: Db, attemptId: number, at: string, reason: string) {
  let query = trx
    .updateTable('attempts')
    .set({ finished_at: at, finish_reason: reason })
    .where('id', '=', attemptId)
    .where('finished_at', 'is', null);
  if (reason === 'deadline') query = query.where('paused_at', 'is', null);
  const claimed = await query.executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** The same score (hundredths) for these answers of the attempt, in the caller's transaction. */
export async function scoreAnswers(
  trx: Db,
  attemptId: number,
  score: number,
  itemIds: readonly string[],
) {
  await trx
    .updateTable('attempt_answers')
    .set({ score })
    .where('attempt_id', '=', attemptId)
    .where('item_id', 'in', itemIds)
    .execute();
}

/** What finalizing writes on the attempt once it is claimed. */
export interface AttemptEnding {
  objective_score: number;
  pending_marking: number;
  receipt_code: string;
  live_token: null;
  away_since: null;
  away_kind: null;
  /** A pause going on ends with the attempt (a proctor submitted it). */
  paused_at: null;
  pause_reason: null;
}

export async function endAttempt(trx: Db, attemptId: number, ended: AttemptEnding) {
  await trx.updateTable('attempts').set(ended).where('id', '=', attemptId).execute();
}

/** The candidate's row after their attempt ended (score and passed null while marking waits). */
export async function settleCandidate(
  trx: Db,
  candidateId: number,
  settled: { status: number; score: number | null; passed: number | null },
) {
  await trx.updateTable('exam_candidates').set(settled).where('id', '=', candidateId).execute();
}

/** The running attempts of an exam (or of one student) with what their deadline depends on. */
export function runningAttemptsOf(trx: Db, examId: number, studentId?: number) {
  let query = trx
    .selectFrom('attempts')
    .innerJoin('exam_candidates as c', 'c.id', 'attempts.candidate_id')
    .innerJoin('exams', 'exams.id', 'attempts.exam_id')
    .leftJoin('exam_sessions as ses', 'ses.id', 'c.session_id')
    .select([
      'attempts.id',
      // The candidate's session closes their window (docs/features/venues.md "Sessions").
      'ses.end_at as session_end_at',
      // Held for the room's start: the duration counts from it (docs/features/invigilation.md).
      sql<string>`coalesce(attempts.duration_from, attempts.started_at)`.as('started_at'),
      'attempts.deadline',
      'attempts.given_back_ms',
      'attempts.break_ms',
      'attempts.accommodation_minutes',
      'c.extra_minutes',
      'exams.duration_minutes',
      'exams.end_at',
    ])
    .where('attempts.exam_id', '=', examId)
    .where('attempts.finished_at', 'is', null);
  if (studentId !== undefined) query = query.where('attempts.student_id', '=', studentId);
  return query.execute();
}

export async function setDeadline(trx: Db, attemptId: number, deadline: string) {
  await trx.updateTable('attempts').set({ deadline }).where('id', '=', attemptId).execute();
}
