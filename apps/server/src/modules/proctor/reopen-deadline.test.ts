import {
  ATTEMPT_BASE,
  PROCTOR_BASE as BASE,
  QuestionType,
  UserType,
  type AttemptView,
  type ProctorActionResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, storedValue } from '../../../test/factories.js';
import { paperAndBatch } from '../../../test/exams.js';
import { recomputeDeadlines } from '../attempt/deadlines.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';

const MINUTE = 60_000;
const PASSWORD = 'reopen-pass-1';
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

/**
 * A reopen's new deadline stays what the proctor gave when the deadlines are computed anew
 * (a window change, extra time): the attempt's accommodations and given-back pauses are part
 * of the computation, so the reopen must not count them into the candidate's extra time again.
 */
describe('reopening an attempt with accommodations and pauses', () => {
  let t: TestApp;
  let admin: Client;
  let paperId: number;
  let batch: number;
  let tickets: string[];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    ({ paperId, batch } = await paperAndBatch(t.handle.db, {
      types: [QuestionType.SINGLE],
      batchName: 'Reopen batch',
    }));
    tickets = await addSignableStudents(t.handle.db, batch, 1, {
      prefix: 'RO-',
      password: PASSWORD,
    });
  });
  afterAll(async () => t.close());

  it('keeps the reopened deadline when the exam’s deadlines are computed again', async () => {
    const examId = await publishOpenExam(
      admin,
      t.handle.db,
      { paperId, classIds: [batch], name: `Reopened exam ${Date.now()}` },
      { durationMinutes: 30 },
      90,
    );
    const ticket = tickets[0]!;
    const studentId = await storedValue(t.handle.db, 'students', 'id', ticket, 'ticket_number');
    const client = await login(t.app, ticket, PASSWORD, UserType.STUDENT);
    const view = expectOk(
      await client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
    );
    // Started an hour ago with 20 accommodation minutes and 10 paused minutes given back.
    await t.handle.db
      .updateTable('attempts')
      .set({ started_at: ago(60), accommodation_minutes: 20, given_back_ms: 10 * MINUTE })
      .where('id', '=', view.attemptId)
      .execute();
    expectOk(
      await admin.post(`${BASE}/submitAttempt`, { examId, studentId, reason: 'Frozen screen' }),
    );

    const reopened = expectOk(
      await admin.post<ProctorActionResult>(`${BASE}/reopenAttempt`, {
        examId,
        studentId,
        minutes: 15,
        reason: 'Laptop crashed',
      }),
    );
    const given = Date.parse(reopened.deadline!);

    await recomputeDeadlines(t.handle.db, examId);
    const after = await t.handle.db
      .selectFrom('attempts')
      .select('deadline')
      .where('id', '=', view.attemptId)
      .executeTakeFirstOrThrow();
    // Within the minute the extra time is rounded up to; before the fix, 30 minutes later.
    const moved = Date.parse(after.deadline) - given;
    expect(moved).toBeGreaterThanOrEqual(0);
    expect(moved).toBeLessThan(MINUTE);
  });
});
