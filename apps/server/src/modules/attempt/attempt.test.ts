import {
  ApiStatus,
  ATTEMPT_BASE as BASE,
  CandidateStatus,
  PROCTOR_BASE,
  QuestionType,
  groupReceiptCode,
  type AttemptView,
  type ExamBody,
  type MyExamsView,
  type ProctorReceiptCheck,
  type Receipt,
} from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { ME, expectOk, expectStatus } from '../../../test/factories.js';
import { addPaper } from '../../../test/exams.js';
import { MINUTE, itemOfType, itemsOf, takingExamsKit } from './taking-exams-test-data.js';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

/** Words that only a key, an analysis or a model answer would carry. */
const KEY_MARKERS = [
  '"correct"',
  '"answer"',
  '"blanks"',
  '"analysis"',
  'Model answer',
  'ohm',
  'volt',
  'Why ',
];

describe('taking exams', () => {
  const kit = takingExamsKit();
  const { db, student, openExam, start, save } = kit;

  it('lists the exam, refuses to start before the window, then delivers the paper without keys', async () => {
    const examId = await openExam();
    await db()
      .updateTable('exams')
      .set({ start_at: inMinutes(10) })
      .where('id', '=', examId)
      .execute();
    const { client } = await student();
    const before = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(before.exams.find((exam) => exam.examId === examId)?.state).toBe('upcoming');
    const early = await client.post(`${BASE}/startAttempt`, { examId });
    expectStatus(early, ApiStatus.CONFLICT);
    expect(early.body.message).toMatch(/has not opened yet/);

    await db()
      .updateTable('exams')
      .set({ start_at: inMinutes(-1) })
      .where('id', '=', examId)
      .execute();
    const view = await start(client, examId);
    expect(itemsOf(view)).toHaveLength(5);
    expect(view.paper.total).toBe(10);
    expect(view.remainingMs).toBeGreaterThan(29 * MINUTE);
    expect(view.remainingMs).toBeLessThanOrEqual(30 * MINUTE);
    const text = JSON.stringify(view);
    for (const marker of KEY_MARKERS) expect(text).not.toContain(marker);

    // The session says the realtime connection is wanted while the attempt runs.
    expect(expectOk(await client.get<{ socketOpen: boolean }>(ME)).socketOpen).toBe(true);

    // Starting again continues the same attempt.
    expect((await start(client, examId)).attemptId).toBe(view.attemptId);
    const listed = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    const mine = listed.exams.find((exam) => exam.examId === examId)!;
    expect(mine).toMatchObject({ state: 'open', status: CandidateStatus.IN_PROGRESS });
    expect(JSON.stringify(listed)).not.toContain('"correct"');

    // Someone else's attempt is not there for them; staff are not students.
    const other = await student();
    expectStatus(
      await other.client.get(`${BASE}/getAttempt/${view.attemptId}`),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(await kit.admin.get(`${BASE}/listMyExams`), ApiStatus.FORBIDDEN);
  });

  it('saves by seq (a resend or an older save changes nothing), refuses wrong answers, scores at submit', async () => {
    const examId = await openExam({
      multipleScoring: 'partial',
      partialShare: 0.5,
    } as Partial<ExamBody>);
    const { client } = await student();
    const view = await start(client, examId);
    const id = view.attemptId;
    const single = itemOfType(view, QuestionType.SINGLE);
    const multiple = itemOfType(view, QuestionType.MULTIPLE);
    const judgement = itemOfType(view, QuestionType.JUDGEMENT);
    const blanks = itemOfType(view, QuestionType.FILL_BLANK);
    const essay = itemOfType(view, QuestionType.SHORT_ANSWER);

    const first = expectOk(
      await save(client, id, [
        { itemId: single.itemId, seq: 2, value: 'A' },
        { itemId: multiple.itemId, seq: 1, value: 'A' },
        { itemId: judgement.itemId, seq: 1, value: 'F' },
        { itemId: blanks.itemId, seq: 1, value: ['  Ω ', 'ＶＯＬＴ'] },
        { itemId: essay.itemId, seq: 1, value: 'Ohm’s law relates voltage and current.' },
        { itemId: 's9q9', seq: 1, value: 'A' },
        { itemId: single.itemId, seq: 3, value: 'AB' },
        { itemId: judgement.itemId, seq: 2, value: 'maybe' },
      ]),
    );
    expect(first.acks.map((ack) => ack.ok)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(first.acks[5]).toMatchObject({ code: ApiStatus.INVALID_INPUT });
    // An older seq is acknowledged but ignored; a newer one wins.
    expectOk(await save(client, id, [{ itemId: single.itemId, seq: 1, value: 'B' }]));
    expectOk(await save(client, id, [{ itemId: judgement.itemId, seq: 5, value: 'T' }]));
    const resumed = expectOk(await client.get<AttemptView>(`${BASE}/getAttempt/${id}`));
    const answer = (itemId: string) => resumed.answers.find((a) => a.itemId === itemId);
    expect(answer(single.itemId)).toEqual({ itemId: single.itemId, seq: 2, value: 'A' });
    expect(answer(judgement.itemId)).toMatchObject({ seq: 5, value: 'T' });
    expect(answer(blanks.itemId)?.value).toEqual(['  Ω ', 'ＶＯＬＴ']);

    const receipt = expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${id}`));
    // single 2 + multiple half of 2 + judgement 2 + fill-in: Ω right, ＶＯＬＴ is not "volt" (case counts) → 1.
    expect(receipt).toMatchObject({ finishReason: 'submitted', answeredCount: 5, itemCount: 5 });
    expect(receipt.receiptCode).toMatch(/^[2-9A-HJKMNP-TV-Z]{16}$/);
    // The default policy shows the result only after release.
    expect(receipt.result).toBeNull();
    const stored = await db()
      .selectFrom('attempts')
      .select(['objective_score', 'pending_marking'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ objective_score: 600, pending_marking: 1 });
    const scores = await db()
      .selectFrom('attempt_answers')
      .select(['item_id', 'score'])
      .where('attempt_id', '=', id)
      .execute();
    const scoreOf = new Map(scores.map((row) => [row.item_id, row.score]));
    expect(
      [single, multiple, judgement, blanks, essay].map((item) => scoreOf.get(item.itemId)),
    ).toEqual([200, 100, 200, 100, null]);

    expect(expectOk(await client.get<{ socketOpen: boolean }>(ME)).socketOpen).toBe(false);
    // Submitting again answers the same receipt; a save now is refused with its own code.
    expect(expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${id}`))).toEqual(receipt);
    const late = expectOk(await save(client, id, [{ itemId: single.itemId, seq: 9, value: 'B' }]));
    expect(late.acks[0]).toMatchObject({ ok: false, code: ApiStatus.ATTEMPT_ENDED });
    const listed = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(listed.exams.find((exam) => exam.examId === examId)).toMatchObject({
      state: 'finished',
      status: CandidateStatus.SUBMITTED,
    });
  });

  it('shows the objective score at once when the exam says so; the total only when no marker has a say', async () => {
    const examId = await openExam({ showResult: 'objective' } as Partial<ExamBody>);
    const { client } = await student();
    const view = await start(client, examId);
    const judgement = itemOfType(view, QuestionType.JUDGEMENT);
    expectOk(
      await save(client, view.attemptId, [{ itemId: judgement.itemId, seq: 1, value: 'T' }]),
    );
    const receipt = expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${view.attemptId}`));
    // The paper has a short answer (unanswered here): its score is a marker's, so the total and
    // pass wait for the release.
    expect(receipt.result).toEqual({
      objectiveScore: 2,
      score: null,
      total: 10,
      passScore: 6,
      passed: null,
      pendingMarking: 0,
    });
    const listed = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(listed.exams.find((exam) => exam.examId === examId)!.result).toEqual(receipt.result);

    // A paper with no question for markers: the total and pass are known at submission.
    const objectivePaper = await addPaper(db(), {
      subjectId: kit.s.subjectId,
      level: kit.s.level,
      courseId: kit.s.courseId,
      types: [QuestionType.SINGLE, QuestionType.JUDGEMENT],
      passScore: 2,
    });
    const plainExam = await openExam({
      showResult: 'objective',
      paperId: objectivePaper,
    } as Partial<ExamBody>);
    const plain = await start(client, plainExam);
    expectOk(
      await save(client, plain.attemptId, [
        { itemId: itemOfType(plain, QuestionType.JUDGEMENT).itemId, seq: 1, value: 'T' },
      ]),
    );
    const total = expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${plain.attemptId}`));
    expect(total.result).toEqual({
      objectiveScore: 2,
      score: 2,
      total: 4,
      passScore: 2,
      passed: true,
      pendingMarking: 0,
    });
    const again = expectOk(await client.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(again.exams.find((exam) => exam.examId === plainExam)!.result).toEqual(total.result);
  });

  it('checks the access code, the address allow-list, late entry and the minimum time', async () => {
    const coded = await openExam({
      accessCode: 'K7Q2',
      ipAllowList: ['10.1.0.0/16'],
      minSubmitMinutes: 10,
    } as Partial<ExamBody>);
    const { client } = await student();
    const outside = await client.request({
      method: 'POST',
      url: `${BASE}/startAttempt`,
      payload: { examId: coded, accessCode: 'K7Q2' },
      remoteAddress: '203.0.113.7',
    });
    expectStatus(outside, ApiStatus.FORBIDDEN);
    expect(outside.body.message).toContain('203.0.113.7');
    const inside = (accessCode: string) =>
      client.request<AttemptView>({
        method: 'POST',
        url: `${BASE}/startAttempt`,
        payload: { examId: coded, accessCode },
        remoteAddress: '10.1.2.3',
      });
    expectStatus(await inside('WRONG'), ApiStatus.INVALID_INPUT);
    const view = expectOk(await inside('K7Q2'));
    const early = await client.request({
      method: 'POST',
      url: `${BASE}/submitAttempt/${view.attemptId}`,
      remoteAddress: '10.1.2.3',
    });
    expectStatus(early, ApiStatus.CONFLICT);
    expect(early.body.message).toMatch(/submitting is allowed in (9|10) min/);

    const late = await openExam({ lateEntryMinutes: 5 } as Partial<ExamBody>, 6);
    const tardy = await student();
    const refused = await tardy.client.post(`${BASE}/startAttempt`, { examId: late });
    expectStatus(refused, ApiStatus.CONFLICT);
    expect(refused.body.message).toMatch(/too late to start/);
  });

  it('finalizes an attempt past its deadline with no client, and refuses saves after it', async () => {
    const examId = await openExam();
    const { client } = await student();
    const view = await start(client, examId);
    const judgement = itemOfType(view, QuestionType.JUDGEMENT);
    expectOk(
      await save(client, view.attemptId, [{ itemId: judgement.itemId, seq: 1, value: 'T' }]),
    );
    // The deadline passed 3 s ago (beyond the 2 s grace): a save is refused as late.
    await db()
      .updateTable('attempts')
      .set({ deadline: new Date(Date.now() - 3000).toISOString() })
      .where('id', '=', view.attemptId)
      .execute();
    const late = expectOk(
      await save(client, view.attemptId, [{ itemId: judgement.itemId, seq: 2, value: 'F' }]),
    );
    expect(late.acks[0]).toMatchObject({ ok: false, code: ApiStatus.TIME_UP });
    // The scheduler (every second) finalizes it without anyone asking.
    await expect
      .poll(
        async () =>
          await db()
            .selectFrom('attempts')
            .select(['finish_reason', 'objective_score'])
            .where('id', '=', view.attemptId)
            .executeTakeFirstOrThrow(),
        { timeout: 10_000, interval: 200 },
      )
      .toEqual({ finish_reason: 'deadline', objective_score: 200 });
    const candidate = await db()
      .selectFrom('exam_candidates')
      .innerJoin('attempts', 'attempts.candidate_id', 'exam_candidates.id')
      .select('exam_candidates.status')
      .where('attempts.id', '=', view.attemptId)
      .executeTakeFirstOrThrow();
    expect(candidate.status).toBe(CandidateStatus.SAVED);
  });

  it('gives every candidate a receipt of their own, which staff can check', async () => {
    const examId = await openExam();
    const sitters = [await student(), await student(), await student(), await student()];
    const views = await Promise.all(sitters.map(({ client }) => start(client, examId)));
    // The first two give the same answer; the last two hand in blank papers.
    for (const [index, view] of views.slice(0, 2).entries()) {
      const judgement = itemOfType(view, QuestionType.JUDGEMENT);
      expectOk(
        await save(sitters[index]!.client, view.attemptId, [
          { itemId: judgement.itemId, seq: 1, value: 'T' },
        ]),
      );
    }
    const receipts = await Promise.all(
      sitters.map(async ({ client }, index) =>
        expectOk(await client.post<Receipt>(`${BASE}/submitAttempt/${views[index]!.attemptId}`)),
      ),
    );
    const codes = receipts.map((receipt) => receipt.receiptCode);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(codes).size).toBe(4);
    // The same code on every later look.
    const again = expectOk(
      await sitters[0]!.client.get<AttemptView>(`${BASE}/getAttempt/${views[0]!.attemptId}`),
    );
    expect(again.finished?.receiptCode).toBe(codes[0]);

    // Staff check a code as the candidate shows it (groups of four, lower case typed).
    const check = (code: string) =>
      kit.admin.post<ProctorReceiptCheck>(`${PROCTOR_BASE}/checkReceipt`, { examId, code });
    const grouped = groupReceiptCode(codes[0]!).toLowerCase();
    expect(grouped).toMatch(/^[^-]{4}-[^-]{4}-[^-]{4}-[^-]{4}$/);
    const valid = expectOk(await check(grouped));
    expect(valid).toMatchObject({
      result: 'valid',
      candidate: { ticketNumber: sitters[0]!.ticket, answeredCount: 1, finishReason: 'submitted' },
    });
    // One character changed: no one's receipt.
    const code = codes[0]!;
    const changed = code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);
    expect(expectOk(await check(changed))).toEqual({ result: 'unknown', candidate: null });
    // The answers altered in the database afterwards: the code no longer matches them.
    await db()
      .updateTable('attempt_answers')
      .set({ value: '"F"' })
      .where('attempt_id', '=', views[0]!.attemptId)
      .execute();
    expect(expectOk(await check(code))).toMatchObject({ result: 'changed' });
    // Not a code at all: refused, naming the field.
    const bad = await check('0000');
    expectStatus(bad, ApiStatus.INVALID_INPUT);
    expect(bad.body.message).toMatch(/code/i);
  });
});
