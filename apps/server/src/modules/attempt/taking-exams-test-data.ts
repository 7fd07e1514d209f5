import {
  ATTEMPT_BASE as BASE,
  QuestionType,
  UserType,
  type AttemptView,
  type ExamBody,
  type SaveAnswersResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll } from 'vitest';
import { appWithAdmin, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';
import { paperAndBatch } from '../../../test/exams.js';
import { type Structure } from '../question/test-data.js';
import { addSignableStudents, publishOpenExam } from './test-data.js';

/** The taking-exams tests' shared pieces (attempt.test.ts, attempt-socket.test.ts). */

export const MINUTE = 60_000;
/** The paper these tests sit, 2 points each: single (key A), multiple (AB), judgement (T),
 * fill-in (ohm|Ω, volt), short answer. */
export const PAPER_TYPES = [
  QuestionType.SINGLE,
  QuestionType.MULTIPLE,
  QuestionType.JUDGEMENT,
  QuestionType.FILL_BLANK,
  QuestionType.SHORT_ANSWER,
];
const PASSWORD = 'exam-pass-1';
/** The leave grace these tests run with (LEAVE_GRACE_SECONDS). */
export const GRACE_MS = 10_000;

/** The server's clock for absences: moved on by the tests, never waited for. */
export const clock = {
  at: Date.now(),
  now() {
    return this.at;
  },
  advance(ms: number) {
    this.at += ms;
  },
};

export const itemsOf = (view: AttemptView) =>
  view.paper.sections.flatMap((section) => section.items);
export const itemOfType = (view: AttemptView, type: number) =>
  itemsOf(view).find((item) => item.type === type)!;

/**
 * A test app on `clock` with an admin, a paper of every question type and a batch of students
 * who can sign in, and the calls the tests make. Call it inside a describe: it adds that
 * describe's beforeAll and afterAll.
 */
export function takingExamsKit() {
  const state = {} as {
    t: TestApp;
    admin: Client;
    s: Structure;
    paperId: number;
    batch: number;
  };
  let tickets: string[] = [];
  let next = 0;

  beforeAll(async () => {
    ({ t: state.t, admin: state.admin } = await appWithAdmin(
      { LEAVE_GRACE_SECONDS: String(GRACE_MS / 1000) },
      { clock },
    ));
    const room = await paperAndBatch(state.t.handle.db, {
      types: PAPER_TYPES,
      passScore: 6,
      batchName: 'Attempt batch',
    });
    Object.assign(state, room);
    tickets = await addSignableStudents(state.t.handle.db, state.batch, 24, {
      prefix: 'AT-',
      password: PASSWORD,
    });
  });
  afterAll(() => state.t.close());

  const db = () => state.t.handle.db;

  /** A student of the batch who has not sat an exam of these tests yet, signed in. */
  const student = async () => {
    const ticket = tickets[next++];
    if (ticket === undefined) throw new Error('Every student of the batch has sat: add more');
    return { ticket, client: await login(state.t.app, ticket, PASSWORD, UserType.STUDENT) };
  };

  /** Publishes an exam for the batch and opens its window now (the tests cannot wait). */
  const openExam = (fields: Partial<ExamBody> = {}, openedMinutesAgo = 1) =>
    publishOpenExam(
      state.admin,
      db(),
      { paperId: state.paperId, classIds: [state.batch], name: `Attempt exam ${Date.now()}` },
      fields,
      openedMinutesAgo,
    );

  const start = async (client: Client, examId: number, accessCode = '') =>
    expectOk(await client.post<AttemptView>(`${BASE}/startAttempt`, { examId, accessCode }));

  const save = (client: Client, attemptId: number, answers: unknown[]) =>
    client.post<SaveAnswersResult>(`${BASE}/saveAnswers`, { attemptId, answers });

  return Object.assign(state, { db, student, openExam, start, save });
}
