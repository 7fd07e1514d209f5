import {
  ATTEMPT_BASE,
  PROCTOR_BASE,
  QuestionType,
  SocketEvent,
  UserType,
  type AttemptView,
  type JoinAck,
  type ProctorPauseExamResult,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';
import { addStudents, examSeats, paperAndBatch } from '../../../test/exams.js';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import { PAUSE_CHUNK } from './attempt-pause.repository.js';
import { addSignableStudents, publishOpenExam } from './test-data.js';

const MINUTE = 60_000;
const LIMIT_MINUTES = 10;
const PASSWORD = 'pause-many-1';
/** Running attempts written straight into the table: more than one chunk of the bulk pause. */
const RUNNING = 1500;

/** The clock pauses are measured on: moved on by the test, never waited for. */
const clock = {
  at: Date.now(),
  now() {
    return this.at;
  },
  advance(ms: number) {
    this.at += ms;
  },
};

describe('pausing and resuming a whole exam in sets', () => {
  let t: TestApp;
  let admin: Client;
  let url: string;
  let examId: number;
  let tickets: string[];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin(
      { COMPENSATORY_MINUTES_LIMIT: String(LIMIT_MINUTES) },
      { clock },
    ));
    const made = await paperAndBatch(t.handle.db, {
      types: [QuestionType.SINGLE],
      batchName: 'Pause many batch',
    });
    await addStudents(t.handle.db, made.batch, RUNNING + 2, { prefix: 'PM-' });
    tickets = await addSignableStudents(t.handle.db, made.batch, 2, {
      prefix: 'PMS-',
      password: PASSWORD,
    });
    examId = await publishOpenExam(admin, t.handle.db, {
      paperId: made.paperId,
      classIds: [made.batch],
      name: `Pause many ${Date.now()}`,
    });
    url = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const db = () => t.handle.db;

  it('pauses 1,500 attempts across chunks, gives each back its own time, and who starts meanwhile starts paused', async () => {
    expect(RUNNING).toBeGreaterThan(PAUSE_CHUNK);
    const { exam, seats } = await examSeats(db(), examId);
    const signable = new Set(
      (
        await db()
          .selectFrom('students')
          .select('id')
          .where('ticket_number', 'like', 'PMS-%')
          .execute()
      ).map((row) => row.id),
    );
    const written = seats.filter((seat) => !signable.has(seat.student_id));
    const now = Date.now();
    // Deadlines and earlier pauses differ per attempt: every third one has used 8 of its 10
    // minutes already, so the limit caps what this resume gives back.
    const rows = written.slice(0, RUNNING + 2).map((seat, i) => ({
      exam_id: examId,
      candidate_id: seat.id,
      student_id: seat.student_id,
      paper_version_id: exam.paper_version_id!,
      seed: `seed-${i}`,
      started_at: new Date(now - MINUTE).toISOString(),
      deadline: new Date(now + 30 * MINUTE + i * 1000).toISOString(),
      finished_at: i === RUNNING ? new Date(now).toISOString() : null,
      finish_reason: i === RUNNING ? 'submitted' : null,
      paused_ms: i % 3 === 0 ? 8 * MINUTE : 0,
      given_back_ms: i % 3 === 0 ? 8 * MINUTE : 0,
      receipt_code: null,
      live_token: null,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await db()
        .insertInto('attempts')
        .values(rows.slice(i, i + 500))
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => row.id));
    }
    const before = new Map(
      (await db().selectFrom('attempts').selectAll().where('exam_id', '=', examId).execute()).map(
        (row) => [row.id, row],
      ),
    );

    const paused = expectOk(
      await admin.post<ProctorPauseExamResult>(`${PROCTOR_BASE}/pauseExam`, {
        examId,
        reason: 'Power cut',
      }),
    );
    // The finished one is not paused; the last one's deadline is still ahead like the others.
    expect(paused.count).toBe(RUNNING + 1);
    const since = new Date(clock.now()).toISOString();
    const afterPause = await db()
      .selectFrom('attempts')
      .select(['id', 'paused_at', 'pause_reason', 'finished_at'])
      .where('exam_id', '=', examId)
      .execute();
    for (const row of afterPause) {
      if (row.finished_at !== null) expect(row.paused_at).toBeNull();
      else expect([row.paused_at, row.pause_reason]).toEqual([since, 'Power cut']);
    }
    const open = await db()
      .selectFrom('attempt_pauses')
      .select(['attempt_id', 'started_at', 'reason'])
      .where('exam_id', '=', examId)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toHaveLength(RUNNING + 1);
    expect(new Set(open.map((row) => row.attempt_id)).size).toBe(RUNNING + 1);
    const records = await db()
      .selectFrom('exam_changes')
      .select('detail')
      .where('exam_id', '=', examId)
      .where('action', '=', 'proctorPause')
      .execute();
    expect(records).toHaveLength(RUNNING + 1);
    expect(JSON.parse(records[0]!.detail)).toMatchObject({ reason: 'Power cut', wholeExam: true });

    // A candidate who starts while the exam stands paused starts paused, the clock not running.
    const late = await login(t.app, tickets[0]!, PASSWORD, UserType.STUDENT);
    const view = expectOk(
      await late.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
    );
    expect(view.paused).toEqual({ since, reason: 'Power cut' });
    expect(view.remainingMs).toBe(Date.parse(view.deadline) - Date.parse(since));

    // An attempt the pause missed (started as it committed) is paused when its page joins.
    const missed = await login(t.app, tickets[1]!, PASSWORD, UserType.STUDENT);
    await db().deleteFrom('standing_pauses').where('exam_id', '=', examId).execute();
    const missedView = expectOk(
      await missed.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
    );
    expect(missedView.paused).toBeNull();
    await db()
      .insertInto('standing_pauses')
      .values({ exam_id: examId, room_id: 0, since, reason: 'Power cut', paused_by: 1 })
      .execute();
    const socket = socketOf(url, missed.token);
    sockets.push(socket);
    const joined = await emitAck<JoinAck>(socket, SocketEvent.JOIN, {
      attemptId: missedView.attemptId,
    });
    expect(joined.ok && joined.paused?.reason).toBe('Power cut');

    clock.advance(4 * MINUTE);
    const resumed = expectOk(
      await admin.post<ProctorPauseExamResult>(`${PROCTOR_BASE}/resumeExam`, {
        examId,
        reason: 'Power back',
      }),
    );
    expect(resumed.count).toBe(RUNNING + 3);
    const after = await db().selectFrom('attempts').selectAll().where('id', 'in', ids).execute();
    const closed = new Map(
      (
        await db()
          .selectFrom('attempt_pauses')
          .select(['attempt_id', 'ended_at', 'given_back_ms', 'resume_reason'])
          .where('exam_id', '=', examId)
          .execute()
      ).map((row) => [row.attempt_id, row]),
    );
    for (const row of after) {
      const was = before.get(row.id)!;
      if (was.finished_at !== null) {
        expect(row.deadline).toBe(was.deadline);
        continue;
      }
      // 4 minutes paused; the limit (10) caps those that had 8 already: 2 given back.
      const move = was.given_back_ms > 0 ? 2 * MINUTE : 4 * MINUTE;
      expect(row.paused_at).toBeNull();
      expect(row.deadline).toBe(new Date(Date.parse(was.deadline) + move).toISOString());
      expect(row.paused_ms).toBe(was.paused_ms + 4 * MINUTE);
      expect(row.given_back_ms).toBe(was.given_back_ms + move);
      expect(closed.get(row.id)).toEqual({
        attempt_id: row.id,
        ended_at: new Date(clock.now()).toISOString(),
        given_back_ms: move,
        resume_reason: 'Power back',
      });
    }
    // The late starter's clock stood still for the pause too; the standing pause is gone.
    const lateRow = await db()
      .selectFrom('attempts')
      .select(['deadline', 'paused_at'])
      .where('id', '=', view.attemptId)
      .executeTakeFirstOrThrow();
    expect(lateRow).toEqual({
      deadline: new Date(Date.parse(view.deadline) + 4 * MINUTE).toISOString(),
      paused_at: null,
    });
    expect(
      await db().selectFrom('standing_pauses').selectAll().where('exam_id', '=', examId).execute(),
    ).toEqual([]);
  });
});
