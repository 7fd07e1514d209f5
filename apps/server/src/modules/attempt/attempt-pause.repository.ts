import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Attempts per statement of a bulk pause or resume: a resume binds 9 values per attempt, and
 * SQLite binds at most 32,766 per statement. 10,000 attempts: 20 chunks, whatever N.
 */
export const PAUSE_CHUNK = 1000;

const chunksOf = <T>(values: readonly T[]): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += PAUSE_CHUNK) {
    chunks.push(values.slice(i, i + PAUSE_CHUNK));
  }
  return chunks;
};

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** What a pause or a resume reads of the attempts concerned (docs/features/proctoring.md "Pausing"). */
export interface PauseTarget {
  id: number;
  exam_id: number;
  student_id: number;
  deadline: string;
  finished_at: string | null;
  paused_at: string | null;
  paused_ms: number;
  given_back_ms: number;
}

/** The attempts with what pausing and resuming them needs, in the caller's transaction. */
export async function pauseTargets(trx: Db, attemptIds: readonly number[]): Promise<PauseTarget[]> {
  const targets: PauseTarget[] = [];
  for (const ids of chunksOf([...attemptIds].sort((a, b) => a - b))) {
    targets.push(...(await targetsOf(trx, ids, false)));
  }
  return targets;
}

/**
 * The targets, on PostgreSQL locked in id order as the saves lock them (attemptsForSaves): a
 * pause and a batch of saves wait for each other at most, never deadlock.
 */
function targetsOf(trx: Db, ids: readonly number[], lock: boolean) {
  let query = trx
    .selectFrom('attempts')
    .select([
      'id',
      'exam_id',
      'student_id',
      'deadline',
      'finished_at',
      'paused_at',
      'paused_ms',
      'given_back_ms',
    ])
    .where((eb) =>
      isPostgres(trx)
        ? sql<boolean>`id = any(cast(${[...ids]} as integer[]))`
        : eb('id', 'in', ids),
    )
    .orderBy('id');
  if (lock && isPostgres(trx)) query = query.forNoKeyUpdate();
  return query.execute();
}

/**
 * Pauses the attempt if it still runs, is not paused and its time is not up at `now` (one
 * conditional UPDATE: of two proctors pressing at once, one wins). An absence of its page going
 * on ends uncounted. Answers whether this call paused it.
 */
export async function markPaused(
  trx: Db,
  attemptId: number,
  since: string,
  reason: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('attempts')
    .set({ paused_at: since, pause_reason: reason, away_since: null, away_kind: null })
    .where('id', '=', attemptId)
    .where('finished_at', 'is', null)
    .where('paused_at', 'is', null)
    .where('deadline', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertPause(
  trx: Db,
  pause: { attemptId: number; examId: number; since: string; reason: string; by: number },
) {
  await trx
    .insertInto('attempt_pauses')
    .values({
      attempt_id: pause.attemptId,
      exam_id: pause.examId,
      started_at: pause.since,
      ended_at: null,
      reason: pause.reason,
      resume_reason: null,
      paused_by: pause.by,
      resumed_by: null,
      given_back_ms: null,
    })
    .execute();
}

/**
 * Ends the pause that began at `since` with the new deadline and totals (a conditional UPDATE:
 * a resume happens once, whichever process or proctor asks). Answers whether this call did.
 */
export async function markResumed(
  trx: Db,
  attemptId: number,
  since: string,
  resumed: { deadline: string; pausedMs: number; givenBackMs: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('attempts')
    .set({
      paused_at: null,
      pause_reason: null,
      deadline: resumed.deadline,
      paused_ms: resumed.pausedMs,
      given_back_ms: resumed.givenBackMs,
    })
    .where('id', '=', attemptId)
    .where('paused_at', '=', since)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes the attempt's open pause (resumed by `by`, or ended with the attempt: `by` null). */
export async function closePause(
  trx: Db,
  attemptId: number,
  closed: { at: string; by: number | null; reason: string | null; givenBackMs: number | null },
) {
  await trx
    .updateTable('attempt_pauses')
    .set({
      ended_at: closed.at,
      resumed_by: closed.by,
      resume_reason: closed.reason,
      given_back_ms: closed.givenBackMs,
    })
    .where('attempt_id', '=', attemptId)
    .where('ended_at', 'is', null)
    .execute();
}

/** An attempt a bulk pause paused: what its news and record need. */
export interface PausedRow {
  id: number;
  exam_id: number;
  student_id: number;
  deadline: string;
}

/**
 * Pauses, of `attemptIds`, every attempt that still runs, is not paused and whose time is not up
 * at `now`, with one UPDATE and one multi-row INSERT of their pauses per chunk (markPaused and
 * insertPause for a set); on PostgreSQL one statement for all (pauseAllPostgres). Answers the
 * attempts this call paused, in id order.
 */
export async function pauseMany(
  trx: Db,
  attemptIds: readonly number[],
  pause: { since: string; reason: string; by: number; now: string },
): Promise<PausedRow[]> {
  if (isPostgres(trx)) return pauseAllPostgres(trx, attemptIds, pause);
  const paused: PausedRow[] = [];
  for (const ids of chunksOf([...attemptIds].sort((a, b) => a - b))) {
    const rows = await trx
      .updateTable('attempts')
      .set({
        paused_at: pause.since,
        pause_reason: pause.reason,
        away_since: null,
        away_kind: null,
      })
      .where('id', 'in', ids)
      .where('finished_at', 'is', null)
      .where('paused_at', 'is', null)
      .where('deadline', '>', pause.now)
      .returning(['id', 'exam_id', 'student_id', 'deadline'])
      .execute();
    if (rows.length === 0) continue;
    await trx
      .insertInto('attempt_pauses')
      .values(
        rows.map((row) => ({
          attempt_id: row.id,
          exam_id: row.exam_id,
          started_at: pause.since,
          ended_at: null,
          reason: pause.reason,
          resume_reason: null,
          paused_by: pause.by,
          resumed_by: null,
          given_back_ms: null,
        })),
      )
      .execute();
    paused.push(...rows);
  }
  return paused.sort((a, b) => a.id - b.id);
}

/**
 * pauseMany on PostgreSQL: one statement however many attempts (their ids one array parameter),
 * so that a whole exam's pause makes one round trip, not three per 1,000 (under load each costs
 * hundreds of milliseconds): the rows locked in id order as the saves lock them, paused, their
 * pauses opened.
 */
async function pauseAllPostgres(
  trx: Db,
  attemptIds: readonly number[],
  pause: { since: string; reason: string; by: number; now: string },
): Promise<PausedRow[]> {
  const { rows } = await sql<PausedRow>`
    with locked as (
      select id from attempts where id = any(cast(${[...attemptIds]} as integer[]))
      order by id for no key update
    ), paused as (
      update attempts
      set paused_at = ${pause.since}, pause_reason = ${pause.reason}, away_since = null,
        away_kind = null
      where id in (select id from locked) and finished_at is null and paused_at is null
        and deadline > ${pause.now}
      returning id, exam_id, student_id, deadline
    ), opened as (
      insert into attempt_pauses (attempt_id, exam_id, started_at, reason, paused_by)
      select id, exam_id, cast(${pause.since} as varchar(30)), cast(${pause.reason} as varchar(200)),
        cast(${pause.by} as integer)
      from paused
    )
    select id, exam_id, student_id, deadline from paused order by id`.execute(trx);
  return rows;
}

/** The targets of a bulk resume, read (on PostgreSQL locked in id order) in the caller's transaction. */
export async function resumeTargets(
  trx: Db,
  attemptIds: readonly number[],
): Promise<PauseTarget[]> {
  const targets: PauseTarget[] = [];
  // PostgreSQL: one statement, the ids one array parameter (see pauseAllPostgres).
  const sorted = [...attemptIds].sort((a, b) => a - b);
  for (const ids of isPostgres(trx) ? [sorted] : chunksOf(sorted)) {
    targets.push(...(await targetsOf(trx, ids, true)));
  }
  return targets;
}

/** One attempt's resume as computed from its target row (deadlines.ts givenBack). */
export interface ResumeRow {
  id: number;
  /** The pause's start as read: the attempt is resumed only if it is still that pause. */
  since: string;
  deadline: string;
  pausedMs: number;
  givenBackMs: number;
  /** What this resume gave back, kept on the pause's row. */
  moveMs: number;
}

/** `CASE id WHEN … THEN … END` of one value per attempt (cast: PostgreSQL types it). */
const perAttempt = <T extends string | number>(
  column: 'id' | 'attempt_id',
  rows: readonly ResumeRow[],
  value: (row: ResumeRow) => T,
  type: 'varchar(30)' | 'bigint',
) =>
  sql<T>`case ${sql.ref(column)} ${sql.join(
    rows.map((row) => sql`when ${row.id} then cast(${value(row)} as ${sql.raw(type)})`),
    sql` `,
  )} end`;

/**
 * Ends the pauses of `resumes` (markResumed and closePause for a set): one UPDATE of the attempts
 * (each still in the pause read, not finished) and one of their open pause rows per chunk. A
 * resume happens once, whichever process or proctor asks. Answers the ids this call resumed.
 */
export async function resumeMany(
  trx: Db,
  resumes: readonly ResumeRow[],
  closed: { at: string; by: number; reason: string },
): Promise<Set<number>> {
  if (isPostgres(trx)) return resumeAllPostgres(trx, resumes, closed);
  const resumed = new Set<number>();
  for (const part of chunksOf(resumes)) {
    const rows = await trx
      .updateTable('attempts')
      .set({
        paused_at: null,
        pause_reason: null,
        deadline: perAttempt('id', part, (row) => row.deadline, 'varchar(30)'),
        paused_ms: perAttempt('id', part, (row) => row.pausedMs, 'bigint'),
        given_back_ms: perAttempt('id', part, (row) => row.givenBackMs, 'bigint'),
      })
      .where(
        'id',
        'in',
        part.map((row) => row.id),
      )
      .where('finished_at', 'is', null)
      .where(sql<boolean>`paused_at = ${perAttempt('id', part, (row) => row.since, 'varchar(30)')}`)
      .returning('id')
      .execute();
    if (rows.length === 0) continue;
    const done = new Set(rows.map((row) => row.id));
    const closing = part.filter((row) => done.has(row.id));
    await trx
      .updateTable('attempt_pauses')
      .set({
        ended_at: closed.at,
        resumed_by: closed.by,
        resume_reason: closed.reason,
        given_back_ms: perAttempt('attempt_id', closing, (row) => row.moveMs, 'bigint'),
      })
      .where(
        'attempt_id',
        'in',
        closing.map((row) => row.id),
      )
      .where('ended_at', 'is', null)
      .execute();
    for (const id of done) resumed.add(id);
  }
  return resumed;
}

/**
 * resumeMany on PostgreSQL: one statement however many attempts (one array parameter per
 * column, see pauseAllPostgres): the attempts still in the pause read resumed with their new
 * deadline and totals, their open pauses closed.
 */
async function resumeAllPostgres(
  trx: Db,
  resumes: readonly ResumeRow[],
  closed: { at: string; by: number; reason: string },
): Promise<Set<number>> {
  if (resumes.length === 0) return new Set();
  const column = <T>(value: (row: ResumeRow) => T) => resumes.map(value);
  const { rows } = await sql<{ id: number }>`
    with v as (
      select * from unnest(
        cast(${column((row) => row.id)} as integer[]),
        cast(${column((row) => row.deadline)} as varchar(30)[]),
        cast(${column((row) => row.pausedMs)} as bigint[]),
        cast(${column((row) => row.givenBackMs)} as bigint[]),
        cast(${column((row) => row.since)} as varchar(30)[]),
        cast(${column((row) => row.moveMs)} as bigint[])
      ) as v(id, deadline, paused_ms, given_back_ms, since, move_ms)
    ), resumed as (
      update attempts a
      set paused_at = null, pause_reason = null, deadline = v.deadline, paused_ms = v.paused_ms,
        given_back_ms = v.given_back_ms
      from v
      where a.id = v.id and a.finished_at is null and a.paused_at = v.since
      returning a.id, v.move_ms
    ), ended as (
      update attempt_pauses p
      set ended_at = ${closed.at}, resumed_by = ${closed.by}, resume_reason = ${closed.reason},
        given_back_ms = r.move_ms
      from resumed r
      where p.attempt_id = r.id and p.ended_at is null
    )
    select id from resumed`.execute(trx);
  return new Set(rows.map((row) => row.id));
}

/** A pause of the whole exam (room 0) or of a room, standing until resumed (migration 0030). */
export interface StandingPause {
  since: string;
  reason: string;
  paused_by: number;
}

/** The exam (room 0) or room paused as a whole from now; an earlier standing pause is kept. */
export async function standPause(trx: Db, examId: number, roomId: number, pause: StandingPause) {
  await trx
    .insertInto('standing_pauses')
    .values({ exam_id: examId, room_id: roomId, ...pause })
    .onConflict((oc) => oc.columns(['exam_id', 'room_id']).doNothing())
    .execute();
}

/** The room's standing pause ends; the whole exam's (room 0) ends its rooms' too. */
export async function liftPause(trx: Db, examId: number, roomId: number) {
  let query = trx.deleteFrom('standing_pauses').where('exam_id', '=', examId);
  if (roomId !== 0) query = query.where('room_id', '=', roomId);
  await query.execute();
}

/**
 * The pause standing over a running, unpaused attempt: its exam's as a whole or its room's
 * (the earlier if both). Undefined when none, or the attempt is paused or ended.
 */
export function standingPauseOf(
  db: Db,
  attemptId: number,
  lock = false,
): Promise<StandingPause | undefined> {
  let query = db
    .selectFrom('attempts as a')
    .innerJoin('exam_candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('standing_pauses as p', 'p.exam_id', 'a.exam_id')
    .select(['p.since', 'p.reason', 'p.paused_by'])
    .where('a.id', '=', attemptId)
    .where('a.finished_at', 'is', null)
    .where('a.paused_at', 'is', null)
    .where((eb) => eb.or([eb('p.room_id', '=', 0), eb('p.room_id', '=', eb.ref('c.room_id'))]))
    .orderBy('p.since')
    .limit(1);
  // Held until the caller's transaction ends: a resume lifting the pause waits for this one.
  if (lock && isPostgres(db)) query = query.forShare();
  return query.executeTakeFirst();
}
