import {
  ApiStatus,
  ATTEMPT_BASE as BASE,
  MARKING_BASE,
  Perm,
  QuestionType,
  UserType,
  type AttemptResultView,
  type AttemptView,
  type ExamBody,
  type MyExamsView,
  type NextAnswerResult,
  type ReviewItem,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, login, type Client, type TestApp } from '../../../test/build-app.js';
import { assignBatches } from '../../../test/row-scope-fixture.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { EXAM_BASE, oneMarkerPlan, paperAndBatch } from '../../../test/exams.js';
import { readPaperVersion } from '../paper/paper-version.js';
import { addSignableStudents, keyLeaksIn, type KeySigns } from './test-data.js';
import { buildVariant } from './variant.js';
import { PAPER_TYPES } from './taking-exams-test-data.js';

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const PASSWORD = 'result-pass-1';

const KEY_SIGNS: KeySigns = {
  // Property names only a key, an analysis or a model answer would bring.
  properties: new Set(['key', 'correct', 'correctKeys', 'blanks', 'analysis']),
  // This fixture's keys: accepted blanks, the model answer, analyses (Why n).
  texts: ['ohm', 'Ω', 'Model answer', 'Why '],
};
const leaksIn = (value: unknown) => keyLeaksIn(value, KEY_SIGNS);

describe("a student's result (getResult)", () => {
  let t: TestApp;
  let admin: Client;
  let paperId: number;
  let students: Client[];
  let marker: { id: number; client: Client };
  let chief: Client;
  let batchId: number;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    // The taking-exams paper: single (key A), multiple, judgement, fill-in, short answer.
    let batch: number;
    ({ paperId, batch } = await paperAndBatch(t.handle.db, {
      types: PAPER_TYPES,
      passScore: 6,
      batchName: 'Result batch',
    }));
    const tickets = await addSignableStudents(t.handle.db, batch, 2, {
      prefix: 'RS-',
      password: PASSWORD,
    });
    students = [];
    for (const ticket of tickets) {
      students.push(await login(t.app, ticket, PASSWORD, UserType.STUDENT));
    }
    const m = await signedInTeacher(t.app, admin, [Perm.MARKING]);
    marker = { id: m.id, client: m.client };
    const chiefUser = await signedInTeacher(t.app, admin, [Perm.MARKING, Perm.MARKING_ARBITRATE]);
    chief = chiefUser.client;
    // The chief holds the batch (lib/access examAccess): the marking plan is exam-wide.
    await assignBatches(t, chiefUser.id, [batch]);
    batchId = batch;
  });
  afterAll(() => t.close());

  /** A published exam of the batch, open now. */
  async function openExam(fields: Partial<ExamBody>) {
    const body = {
      name: `Result exam ${Date.now()}`,
      paperId,
      instructionId: null,
      classIds: [batchId],
      startAt: inMinutes(60),
      endAt: inMinutes(180),
      durationMinutes: 30,
      ...fields,
    } as ExamBody;
    const { id } = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
    expectOk(await admin.post(`${EXAM_BASE}/publishExam/${id}`));
    await t.handle.db
      .updateTable('exams')
      .set({ start_at: inMinutes(-1), end_at: inMinutes(120) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  /**
   * A seed whose option shuffle swaps both choice questions (shown A is the paper's B), so that
   * mapping letters back is really exercised.
   */
  async function swappingSeed(examId: number) {
    const exam = await t.handle.db
      .selectFrom('exams')
      .select('paper_version_id')
      .where('id', '=', examId)
      .executeTakeFirstOrThrow();
    const snapshot = await readPaperVersion(t.handle.db, exam.paper_version_id!);
    for (let i = 0; ; i++) {
      const seed = `swap-${i}`;
      const variant = buildVariant(snapshot, seed, {
        shuffleQuestions: false,
        shuffleOptions: true,
      });
      const choices = variant.sections[0]!.items.filter((item) => item.toPaperKey);
      if (choices.length === 2 && choices.every((item) => item.toPaperKey!.get('A') === 'B')) {
        return seed;
      }
    }
  }

  /**
   * The student sits the exam (their attempt made beforehand with `seed`, so that startAttempt
   * resumes it): the options whose content is A, judgement T, fill-in Ω and volt, an essay.
   * Answers the delivered paper.
   */
  async function sit(examId: number, client: Client, seed: string, submit = true) {
    const me = expectOk(await client.get<{ id: number }>('/api/kaoshi-base/student/getMyStudent'));
    const candidate = await t.handle.db
      .selectFrom('exam_candidates')
      .innerJoin('exams', 'exams.id', 'exam_candidates.exam_id')
      .select(['exam_candidates.id', 'exams.paper_version_id'])
      .where('exam_id', '=', examId)
      .where('student_id', '=', me.id)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await t.handle.db
      .insertInto('attempts')
      .values({
        exam_id: examId,
        candidate_id: candidate.id,
        student_id: me.id,
        paper_version_id: candidate.paper_version_id!,
        seed,
        started_at: at,
        deadline: inMinutes(30),
        finished_at: null,
        finish_reason: null,
        objective_score: null,
        pending_marking: null,
        receipt_code: null,
        live_token: null,
        start_ip: '127.0.0.1',
      })
      .execute();
    const view = expectOk(
      await client.post<AttemptView>(`${BASE}/startAttempt`, { examId, accessCode: '' }),
    );
    const items = view.paper.sections.flatMap((section) => section.items);
    const letterOf = (itemId: string, content: string) =>
      items
        .find((item) => item.itemId === itemId)!
        .options.find((option) => option.content === content)!.key;
    expectOk(
      await client.post(`${BASE}/saveAnswers`, {
        attemptId: view.attemptId,
        answers: items.map((item, i) => ({
          itemId: item.itemId,
          seq: i + 1,
          value:
            item.type === QuestionType.SINGLE || item.type === QuestionType.MULTIPLE
              ? letterOf(item.itemId, '<p>A</p>')
              : item.type === QuestionType.JUDGEMENT
                ? 'T'
                : item.type === QuestionType.FILL_BLANK
                  ? ['Ω', 'volt']
                  : 'Ohm’s law relates voltage and current.',
        })),
      }),
    );
    if (submit) expectOk(await client.post(`${BASE}/submitAttempt/${view.attemptId}`));
    return view;
  }

  /** Closes the window, marks every essay 1.5 with a comment, optionally releases. */
  async function markAll(examId: number, essayItemId: string) {
    await t.handle.db
      .updateTable('exams')
      .set({ end_at: inMinutes(-1) })
      .where('id', '=', examId)
      .execute();
    expectOk(
      await chief.post(
        `${MARKING_BASE}/setMarkingPlan`,
        oneMarkerPlan(examId, essayItemId, marker.id),
      ),
    );
    for (;;) {
      const { answer } = expectOk(
        await marker.client.post<NextAnswerResult>(`${MARKING_BASE}/nextAnswer`, {
          examId,
          itemId: essayItemId,
        }),
      );
      if (!answer) break;
      expectOk(
        await marker.client.post(`${MARKING_BASE}/scoreAnswer`, {
          answerId: answer.answerId,
          score: 1.5,
          comment: 'Names the law; no formula',
        }),
      );
    }
  }

  const getResult = (client: Client, attemptId: number) =>
    client.get<AttemptResultView>(`${BASE}/getResult/${attemptId}`);

  it('before release shows the result as the policy allows and nothing else; refuses others and unfinished attempts', async () => {
    const examId = await openExam({
      showResult: 'objective',
      allowReview: true,
      shuffleOptions: true,
    } as Partial<ExamBody>);
    const seed = await swappingSeed(examId);
    const mine = await sit(examId, students[0]!, seed, false);
    const unfinished = await getResult(students[0]!, mine.attemptId);
    expectStatus(unfinished, ApiStatus.CONFLICT);
    expect(unfinished.body.message).toMatch(/not been submitted/);
    expectOk(await students[0]!.post(`${BASE}/submitAttempt/${mine.attemptId}`));
    const theirs = await sit(examId, students[1]!, seed);

    const before = expectOk(await getResult(students[0]!, mine.attemptId));
    expect(before).toMatchObject({
      attemptId: mine.attemptId,
      examId,
      showResult: 'objective',
      allowReview: true,
      released: false,
      finishReason: 'submitted',
      sections: null,
      review: null,
    });
    // The multiple choice (key AB) chose A only: 6 of the 8 objective points; the essay is a
    // marker's, so no total before the release.
    expect(before.result).toEqual({
      objectiveScore: 6,
      score: null,
      total: 10,
      passScore: 6,
      passed: null,
      pendingMarking: 1,
    });
    expect(leaksIn(before)).toEqual([]);

    // Another student's attempt is not found (no hint it exists); staff are not students.
    expectStatus(await getResult(students[0]!, theirs.attemptId), ApiStatus.NOT_FOUND);
    expectStatus(await getResult(students[0]!, 999_999), ApiStatus.NOT_FOUND);
    expectStatus(await getResult(admin, mine.attemptId), ApiStatus.FORBIDDEN);
  });

  it('after release: the total, sections and the review with keys (corrected, in the letters shown), comments without markers', async () => {
    const examId = await openExam({
      showResult: 'released',
      allowReview: true,
      shuffleOptions: true,
    } as Partial<ExamBody>);
    const seed = await swappingSeed(examId);
    const mine = await sit(examId, students[0]!, seed);
    await sit(examId, students[1]!, seed);
    const items = mine.paper.sections[0]!.items;
    const ofType = (type: number) => items.find((item) => item.type === type)!;
    const essay = ofType(QuestionType.SHORT_ANSWER);
    const multiple = ofType(QuestionType.MULTIPLE);

    // Policy 'released': nothing at all before the release.
    const nothing = expectOk(await getResult(students[0]!, mine.attemptId));
    expect(nothing).toMatchObject({ result: null, sections: null, review: null, released: false });

    await markAll(examId, essay.itemId);
    // The multiple choice's key was AB; only A is right (paper keys): A-only answers gain 2 points.
    expectOk(
      await admin.post(`${MARKING_BASE}/correctKey`, {
        examId,
        itemId: multiple.itemId,
        answer: 'A',
        reason: 'Only A is right',
      }),
    );
    const stillNothing = expectOk(await getResult(students[0]!, mine.attemptId));
    expect(stillNothing).toMatchObject({ result: null, sections: null, review: null });
    expectOk(await admin.post(`${MARKING_BASE}/releaseScores/${examId}`));

    const after = expectOk(await getResult(students[0]!, mine.attemptId));
    expect(after).toMatchObject({ released: true, showResult: 'released', allowReview: true });
    expect(after.result).toEqual({
      objectiveScore: 8,
      score: 9.5,
      total: 10,
      passScore: 6,
      passed: true,
      pendingMarking: 0,
    });
    expect(after.sections).toEqual([{ title: 'Part one', score: 9.5, total: 10 }]);
    const review = after.review!;
    expect(review.map((section) => section.title)).toEqual(['Part one']);
    const byType = (type: number) => review[0]!.items.find((item) => item.type === type)!;
    const shownLetterOf = (item: ReviewItem, content: string) =>
      item.options.find((option) => option.content === content)!.key;

    // Shuffled options: shown A is the paper's B. The answer and the key come back in the
    // letters this candidate saw, not the paper's.
    const single = byType(QuestionType.SINGLE);
    expect(single.options).toEqual([
      { key: 'A', content: '<p>B</p>' },
      { key: 'B', content: '<p>A</p>' },
    ]);
    expect(single).toMatchObject({ answer: 'B', earned: 2, correction: null, comment: '' });
    expect(single.key.correctKeys).toEqual([shownLetterOf(single, '<p>A</p>')]);
    expect(single.key.correctKeys).toEqual(['B']);
    expect(single.key.analysis).toMatch(/Why /);

    const corrected = byType(QuestionType.MULTIPLE);
    expect(corrected).toMatchObject({ answer: 'B', earned: 2 });
    expect(corrected.key.correctKeys).toEqual(['B']);
    expect(corrected.correction).toMatchObject({ reason: 'Only A is right' });
    expect(Date.parse(corrected.correction!.at)).not.toBeNaN();

    expect(byType(QuestionType.JUDGEMENT)).toMatchObject({ answer: 'T', earned: 2 });
    expect(byType(QuestionType.JUDGEMENT).key.answer).toBe('T');
    const blanks = byType(QuestionType.FILL_BLANK);
    expect(blanks).toMatchObject({ answer: ['Ω', 'volt'], earned: 2, blankCount: 2 });
    expect(blanks.key.blanks).toEqual([['ohm', 'Ω'], ['volt']]);
    const marked = byType(QuestionType.SHORT_ANSWER);
    expect(marked).toMatchObject({
      answer: 'Ohm’s law relates voltage and current.',
      earned: 1.5,
      comment: 'Names the law; no formula',
    });
    expect(marked.key.answer).toBe('<p>Model answer</p>');
    // Never who marked it.
    const text = JSON.stringify(after);
    expect(text).not.toContain(`"markerId"`);
    expect(text).not.toContain(`"userId"`);

    // A withdrawn release hides it all again.
    expectOk(await admin.post(`${MARKING_BASE}/withdrawScores/${examId}`, { reason: 'Recount' }));
    expect(expectOk(await getResult(students[0]!, mine.attemptId))).toMatchObject({
      released: false,
      result: null,
      sections: null,
      review: null,
    });
  });

  it('after release without review: the result and the sections, no review', async () => {
    const examId = await openExam({
      showResult: 'objective',
      allowReview: false,
    } as Partial<ExamBody>);
    const mine = await sit(examId, students[0]!, 'plain-seed');
    const essay = mine.paper.sections[0]!.items.find(
      (item) => item.type === QuestionType.SHORT_ANSWER,
    )!;
    await markAll(examId, essay.itemId);
    // Marked, not released: the markers' scores wait, in getResult and in the student's list.
    const marked = expectOk(await getResult(students[0]!, mine.attemptId));
    expect(marked.result).toMatchObject({ objectiveScore: 6, score: null, passed: null });
    expect(marked.result!.pendingMarking).toBe(0);
    const listed = expectOk(await students[0]!.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(listed.exams.find((exam) => exam.examId === examId)!.result).toEqual(marked.result);
    expectOk(await admin.post(`${MARKING_BASE}/releaseScores/${examId}`));
    const after = expectOk(await getResult(students[0]!, mine.attemptId));
    expect(after).toMatchObject({ released: true, allowReview: false, review: null });
    const released = expectOk(await students[0]!.get<MyExamsView>(`${BASE}/listMyExams`));
    expect(released.exams.find((exam) => exam.examId === examId)!.result).toEqual(after.result);
    // Key AB, answered A: all or nothing.
    expect(after.result).toMatchObject({ objectiveScore: 6, score: 7.5, passed: true });
    expect(after.sections).toEqual([{ title: 'Part one', score: 7.5, total: 10 }]);
    expect(leaksIn(after)).toEqual([]);
  });
});
