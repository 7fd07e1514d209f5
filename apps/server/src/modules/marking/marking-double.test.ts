import {
  ApiStatus,
  MARKING_BASE as BASE,
  type ArbitrationView,
  type AuditSampleView,
  type MarkingProgressView,
  type ReleaseView,
  type ScoreAnswerResult,
  type ScoreLogEntry,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { agreedScore } from './agreed-score.js';
import {
  addClosedMarkingExam,
  addFinishedAttempts,
  buildMarkingWorld,
  markingPlan as plan,
  nextAnswer as next,
  scoreAnswer as score,
  type Marker,
} from './test-data.js';

/** Keys that would name a candidate, or lead to them through another call. */
const IDENTITY_KEYS = [
  'name',
  'nickName',
  'ticket',
  'ticketNumber',
  'studentId',
  'batch',
  'classId',
  'className',
  'attemptId',
  'candidateId',
  'seat',
  'seatNumber',
];

function identityKeysIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => identityKeysIn(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(IDENTITY_KEYS.includes(key) ? [`${path}.${key}`] : []),
    ...identityKeysIn(v, `${path}.${key}`),
  ]);
}

describe('agreedScore', () => {
  it('is the mean rounded to the step, a tie going to the even multiple, never past full', () => {
    expect(agreedScore(150, 200, 50, 200)).toBe(200); // 1.75 → 2 (4 steps, even)
    expect(agreedScore(100, 150, 50, 200)).toBe(100); // 1.25 → 1 (2 steps, even)
    expect(agreedScore(100, 120, 50, 200)).toBe(100); // 1.1 → 1
    expect(agreedScore(250, 250, 100, 250)).toBe(250); // agreeing on an off-step full score
    expect(agreedScore(200, 250, 100, 250)).toBe(200); // 2.25: nearer 2 than 2.5
  });
});

describe('marking: double marking, arbitration and the group audit', () => {
  let t: TestApp;
  let admin: Client;
  let paperId: number;
  let smallBatch: number;
  let markers: Marker[];
  let arbiter: Marker;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, paperId, smallBatch, markers, arbiter } = await buildMarkingWorld(t, 5));
  });
  afterAll(() => t.close());

  const closedExam = (classId: number) =>
    addClosedMarkingExam(admin, t.handle.db, paperId, classId);

  it('double marking: the mean within the tolerance, arbitration beyond it, the arbiter final; blind throughout', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[0]!;
    const names = await t.handle.db
      .selectFrom('exam_candidates')
      .innerJoin('students', 'students.id', 'exam_candidates.student_id')
      .innerJoin('users', 'users.id', 'students.user_id')
      .select(['students.ticket_number', 'students.name', 'users.nick_name'])
      .where('exam_candidates.exam_id', '=', exam.id)
      .execute();
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 200 });
    const [m1, m2, m3] = markers as [typeof arbiter, typeof arbiter, typeof arbiter];
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, {
          double: true,
          tolerance: 0.5,
          assignments: [{ itemId, markerIds: [m1.id, m2.id, m3.id] }],
        }),
      ),
    );
    const received: unknown[] = [];
    const desk = async (marker: typeof m1, scores: Map<number, number> | null) => {
      const got: number[] = [];
      for (;;) {
        const result = expectOk(await next(marker.client, exam.id, itemId));
        received.push(result);
        if (!result.answer) return got;
        got.push(result.answer.answerId);
        expect(result.answer.modelAnswer).not.toBe('');
        const points = scores?.get(result.answer.answerId) ?? 0;
        received.push(expectOk(await score(marker.client, result.answer.answerId, points)));
      }
    };
    // Marker 1 marks all three first; the ids are known once the answers are enrolled.
    const ids = (
      await (async () => {
        expectOk(await next(m1.client, exam.id, itemId));
        return t.handle.db
          .selectFrom('marking_answers')
          .select('id')
          .where('exam_id', '=', exam.id)
          .orderBy('id')
          .execute();
      })()
    ).map((row) => row.id) as [number, number, number];
    const [a, b, c] = ids;
    expect(
      await desk(
        m1,
        new Map([
          [a, 1.5],
          [b, 1],
          [c, 0],
        ]),
      ),
    ).toHaveLength(3);
    // Nothing is final after one mark of a double-marked answer.
    expectStatus(await next(m1.client, exam.id, itemId), 200);
    expect(expectOk(await next(m1.client, exam.id, itemId)).answer).toBeNull();
    expect(
      (
        await desk(
          m2,
          new Map([
            [a, 2],
            [b, 1.5],
            [c, 2],
          ]),
        )
      ).sort(),
    ).toEqual([a, b, c].sort());
    // Every answer has its two marks: marker 3 gets none.
    expect(expectOk(await next(m3.client, exam.id, itemId)).answer).toBeNull();

    const finals = new Map(
      (
        await t.handle.db
          .selectFrom('marking_answers')
          .select(['id', 'final_score', 'arbitration'])
          .where('exam_id', '=', exam.id)
          .execute()
      ).map((row) => [row.id, row]),
    );
    expect(finals.get(a)).toMatchObject({ final_score: 200, arbitration: 0 });
    expect(finals.get(b)).toMatchObject({ final_score: 100, arbitration: 0 });
    expect(finals.get(c)).toMatchObject({ final_score: null, arbitration: 1 });

    expectStatus(
      await m1.client.get(`${BASE}/listArbitration?examId=${exam.id}`),
      ApiStatus.FORBIDDEN,
    );
    const waiting = expectOk(
      await arbiter.client.get<{ list: ArbitrationView[]; total: number }>(
        `${BASE}/listArbitration?examId=${exam.id}`,
      ),
    );
    received.push(waiting);
    expect(waiting.total).toBe(1);
    expect(waiting.list[0]!.answerId).toBe(c);
    expect(waiting.list[0]!.marks.map((m) => m.score).sort()).toEqual([0, 2]);
    expectStatus(
      await m1.client.post(`${BASE}/arbitrate`, { answerId: c, score: 1, comment: '' }),
      ApiStatus.FORBIDDEN,
    );
    expectStatus(
      await arbiter.client.post(`${BASE}/arbitrate`, { answerId: a, score: 1, comment: '' }),
      ApiStatus.CONFLICT,
    );
    expectStatus(
      await arbiter.client.post(`${BASE}/arbitrate`, { answerId: c, score: 0.7, comment: '' }),
      ApiStatus.INVALID_INPUT,
    );
    expect(
      expectOk(
        await arbiter.client.post<ScoreAnswerResult>(`${BASE}/arbitrate`, {
          answerId: c,
          score: 1,
          comment: 'Half the steps',
        }),
      ),
    ).toEqual({ answerId: c, final: 1, arbitration: false, blind: false });
    // The arbiter's score is final: its markers can no longer revise it.
    expectStatus(await score(m1.client, c, 1), ApiStatus.CONFLICT);

    // A marker revises their own mark: the mean follows, unseen by the marker.
    expect(expectOk(await score(m1.client, b, 1.5, 'second look'))).toEqual({
      answerId: b,
      final: null,
      arbitration: false,
      blind: true,
    });
    const totals = await t.handle.db
      .selectFrom('marking_answers')
      .innerJoin('exam_candidates', (join) => join.on('exam_candidates.exam_id', '=', exam.id))
      .innerJoin('attempts', (join) =>
        join
          .onRef('attempts.id', '=', 'marking_answers.attempt_id')
          .onRef('attempts.candidate_id', '=', 'exam_candidates.id'),
      )
      .select(['marking_answers.id', 'exam_candidates.score', 'attempts.pending_marking'])
      .where('marking_answers.exam_id', '=', exam.id)
      .execute();
    expect(new Map(totals.map((row) => [row.id, row.score]))).toEqual(
      new Map([
        [a, 400],
        [b, 350],
        [c, 300],
      ]),
    );

    const log = expectOk(
      await arbiter.client.get<{ list: ScoreLogEntry[]; total: number }>(
        `${BASE}/listScoreLog?examId=${exam.id}&answerId=${b}`,
      ),
    );
    expect(log.list.map((e) => [e.kind, e.oldScore, e.newScore])).toEqual([
      ['mark', null, 1],
      ['mark', null, 1.5],
      ['final', null, 1],
      ['revise', 1, 1.5],
      ['final', 1, 1.5],
    ]);
    const own = expectOk(
      await m2.client.get<{ list: ScoreLogEntry[]; total: number }>(
        `${BASE}/listScoreLog?examId=${exam.id}`,
      ),
    );
    received.push(own);
    expect(own.list.every((e) => e.userId === m2.id)).toBe(true);
    expect(own.total).toBe(3);

    // Blind: no key that names or leads to a candidate, and no name or ticket as text.
    expect(identityKeysIn(received)).toEqual([]);
    const text = JSON.stringify(received);
    for (const row of names) {
      expect(text).not.toContain(row.ticket_number);
      expect(text).not.toContain(row.nick_name);
      expect(text).not.toContain(row.name);
    }
    // Every candidate's name and ticket was looked for.
    expect(names).toHaveLength(3);
  });
  it('double marking tells a marker nothing that depends on the other mark; a revision past the tolerance goes to arbitration', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[0]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 200 });
    const [m1, m2] = [markers[3]!, markers[4]!];
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, {
          double: true,
          tolerance: 0.5,
          assignments: [{ itemId, markerIds: [m1.id, m2.id] }],
        }),
      ),
    );
    /** A reply without its answer id: what a marker could compare between answers. */
    const told = async (client: Client, answerId: number, points: number) => {
      const { answerId: echoed, ...rest } = expectOk(await score(client, answerId, points));
      expect(echoed).toBe(answerId);
      return rest;
    };
    const desk = async (marker: typeof m1, scoreOf: (answerId: number) => number) => {
      const replies: unknown[] = [];
      const ids: number[] = [];
      for (;;) {
        const { answer } = expectOk(await next(marker.client, exam.id, itemId));
        if (!answer) return { ids, replies };
        ids.push(answer.answerId);
        replies.push(await told(marker.client, answer.answerId, scoreOf(answer.answerId)));
      }
    };
    const first = await desk(m1, () => 1);
    expect(first.ids).toHaveLength(3);
    const [a, b, c] = first.ids.sort((x, y) => x - y) as [number, number, number];
    // The second marker agrees on a, differs within the tolerance on b, beyond it on c.
    const secondScores = new Map([
      [a, 1],
      [b, 1.5],
      [c, 2],
    ]);
    const second = await desk(m2, (id) => secondScores.get(id)!);
    // The second marker's three replies: one and the same, though the outcomes differ.
    expect(second.replies[1]).toEqual(second.replies[0]);
    expect(second.replies[2]).toEqual(second.replies[0]);
    // Revisions after both marks are in: the same reply whatever the other marker gave.
    const revisedA = await told(m1.client, a, 1.5);
    const revisedB = await told(m1.client, b, 1.5);
    expect(revisedB).toEqual(revisedA);
    // Past the tolerance from the other mark (1): to arbitration, and still the same reply.
    expect(await told(m1.client, a, 0)).toEqual(revisedA);
    const blind = { final: null, arbitration: false, blind: true };
    for (const reply of [...first.replies, ...second.replies, revisedA]) {
      expect(reply).toEqual(blind);
    }

    const rows = new Map(
      (
        await t.handle.db
          .selectFrom('marking_answers')
          .select(['id', 'final_score', 'arbitration'])
          .where('exam_id', '=', exam.id)
          .execute()
      ).map((row) => [row.id, row]),
    );
    expect(rows.get(a)).toMatchObject({ final_score: null, arbitration: 1 });
    expect(rows.get(b)).toMatchObject({ final_score: 150, arbitration: 0 });
    expect(rows.get(c)).toMatchObject({ final_score: null, arbitration: 1 });
    const waiting = expectOk(
      await arbiter.client.get<{ list: ArbitrationView[]; total: number }>(
        `${BASE}/listArbitration?examId=${exam.id}`,
      ),
    );
    expect(waiting.list.map((row) => row.answerId).sort((x, y) => x - y)).toEqual([a, c]);
  });

  it('group audit: a sample once all are marked, a failure back to marking (logged), a pass closes', async () => {
    const exam = await closedExam(smallBatch);
    const itemId = exam.marked[1]!;
    await addFinishedAttempts(t.handle.db, exam.id, { markedItemIds: [itemId], objective: 200 });
    const [m0, m1] = markers as [typeof arbiter, typeof arbiter];
    expectOk(
      await arbiter.client.post(
        `${BASE}/setMarkingPlan`,
        plan(exam.id, { auditShare: 50, assignments: [{ itemId, markerIds: [m0.id] }] }),
      ),
    );
    const sampleUrl = `${BASE}/getAuditSample?examId=${exam.id}&itemId=${itemId}`;
    const audit = (result: 1 | 2, reason = '') =>
      arbiter.client.post<AuditSampleView>(`${BASE}/auditGroup`, {
        examId: exam.id,
        itemId,
        result,
        reason,
      });
    const markAll = async (points: number, firstCycle: boolean) => {
      const ids: number[] = [];
      for (;;) {
        const { answer } = expectOk(await next(m0.client, exam.id, itemId));
        if (!answer) return ids;
        ids.push(answer.answerId);
        expectOk(await score(m0.client, answer.answerId, points));
        if (firstCycle && ids.length === 2) {
          // Not every answer is final yet: nothing to audit.
          expect(expectOk(await arbiter.client.get<AuditSampleView | null>(sampleUrl))).toBeNull();
          expectStatus(await audit(1), ApiStatus.CONFLICT);
        }
      }
    };
    const ids = await markAll(1, true);
    expect(ids).toHaveLength(3);
    expectStatus(await m1.client.get(sampleUrl), ApiStatus.FORBIDDEN);
    const review = expectOk(await arbiter.client.get<AuditSampleView>(sampleUrl));
    expect(review).toMatchObject({ cycle: 1, state: 0, reason: '' });
    expect(review.sample).toHaveLength(2); // 50 % of 3, rounded up
    expect(identityKeysIn(review)).toEqual([]);
    expect(review.sample[0]!.marks).toEqual([{ markerId: m0.id, score: 1, comment: '' }]);
    const refused = await admin.post(`${BASE}/releaseScores/${exam.id}`);
    expectStatus(refused, ApiStatus.CONFLICT);
    expect(refused.body.message).toMatch(/group audit/);
    // Under review the scores stay as they are.
    expectStatus(await score(m0.client, ids[0]!, 2), ApiStatus.CONFLICT);
    const noReason = await audit(2);
    expectStatus(noReason, ApiStatus.INVALID_INPUT);
    expect(noReason.body.message).toMatch(/Reason/);
    expect(expectOk(await audit(2, 'Too harsh on method marks'))).toMatchObject({
      cycle: 1,
      state: 2,
      reason: 'Too harsh on method marks',
    });
    const back = await t.handle.db
      .selectFrom('marking_answers')
      .innerJoin('attempts', 'attempts.id', 'marking_answers.attempt_id')
      .innerJoin('exam_candidates', 'exam_candidates.id', 'attempts.candidate_id')
      .select([
        'marking_answers.cycle',
        'marking_answers.final_score',
        'attempts.pending_marking',
        'exam_candidates.score',
      ])
      .where('marking_answers.exam_id', '=', exam.id)
      .execute();
    expect(back).toEqual(
      Array(3).fill({ cycle: 2, final_score: null, pending_marking: 1, score: null }),
    );
    const log = expectOk(
      await arbiter.client.get<{ list: ScoreLogEntry[] }>(
        `${BASE}/listScoreLog?examId=${exam.id}&answerId=${ids[0]}`,
      ),
    ).list;
    expect(log.map((e) => [e.kind, e.oldScore, e.newScore])).toEqual([
      ['mark', null, 1],
      ['final', null, 1],
      ['audit', 1, null],
    ]);
    expect(log[2]!.reason).toBe('Too harsh on method marks');

    // The second cycle: the same marker marks again; its audit passes and closes the question.
    expect(await markAll(1.5, false)).toHaveLength(3);
    expect(expectOk(await arbiter.client.get<AuditSampleView>(sampleUrl))).toMatchObject({
      cycle: 2,
      state: 0,
    });
    expect(expectOk(await audit(1))).toMatchObject({ cycle: 2, state: 1 });
    expectStatus(await audit(1), ApiStatus.CONFLICT);
    expectStatus(await score(m0.client, ids[0]!, 2), ApiStatus.CONFLICT);
    expectStatus(await next(m0.client, exam.id, itemId), ApiStatus.CONFLICT);
    const scores = await t.handle.db
      .selectFrom('exam_candidates')
      .select('score')
      .where('exam_id', '=', exam.id)
      .execute();
    expect(scores.map((row) => row.score)).toEqual([350, 350, 350]);
    const progress = expectOk(
      await arbiter.client.get<MarkingProgressView>(`${BASE}/getMarkingProgress/${exam.id}`),
    );
    expect(progress.items.find((i) => i.itemId === itemId)).toMatchObject({
      marked: 3,
      audit: 1,
    });
    expect(
      expectOk(await admin.post<ReleaseView>(`${BASE}/releaseScores/${exam.id}`)).releasedAt,
    ).not.toBeNull();
  });
});
