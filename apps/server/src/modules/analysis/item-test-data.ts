import { AuditStatus, OPTION_KEYS, QuestionType } from '@kaoshi/shared';
import type { Client } from '../../../test/build-app.js';
import { examSeats, insertFinishedAttempt } from '../../../test/exams.js';
import type { Db } from '../../db/database.js';
import { parseJson } from '../../lib/json.js';
import { addSignableStudents } from '../attempt/test-data.js';
import { addClass } from '../base/test-data.js';
import { addPublishedExam, addStudents, closedWindow } from '../exam/test-data.js';
import { itemsFor } from '../paper/candidate-view.js';
import type { PaperSnapshot } from '../paper/paper-version.js';
import { writePaper } from '../paper/test-data.js';
import type { Structure } from '../question/test-data.js';

/**
 * Data for the item analysis tests, written straight into the database: papers of chosen
 * questions, and finished attempts with chosen scores (as finalization and marking leave them).
 */

export interface AnalysisQuestion {
  type: number;
  /** Points. */
  score: number;
  courseId: number;
  pointId?: number | null;
  /** Choice questions: how many options (contents `<p>opt A</p>`, …). */
  options?: number;
  /** Paper keys ('B', 'AC'), T/F, or '' for marked questions. */
  answer?: string;
}

let counter = 0;

/** The option whose paper key is `key`, as its content reads (how a test finds a shown letter). */
export const optionContent = (key: string) => `<p>opt ${key}</p>`;

/** An approved paper holding `questions` in one section, in order; its id and the questions' ids. */
export async function addAnalysisPaper(
  db: Db,
  fields: { subjectId: number; level: number; questions: AnalysisQuestion[]; passScore: number },
): Promise<{ paperId: number; questionIds: number[] }> {
  const at = new Date().toISOString();
  const rows = await db
    .insertInto('questions')
    .values(
      fields.questions.map((q) => {
        const n = ++counter;
        const choice = q.type === QuestionType.SINGLE || q.type === QuestionType.MULTIPLE;
        const answer = q.answer ?? '';
        return {
          type: q.type,
          content: `<p>Analysis question ${n}</p>`,
          options: choice
            ? JSON.stringify(
                OPTION_KEYS.slice(0, q.options ?? 4).map((key) => ({
                  key,
                  content: optionContent(key),
                  correct: answer.includes(key),
                })),
              )
            : '[]',
          answer,
          blanks: '[]',
          link_url: '',
          analysis: '',
          score: Math.round(q.score * 100),
          difficulty: 3,
          subject_id: fields.subjectId,
          level: fields.level,
          course_id: q.courseId,
          point_id: q.pointId ?? null,
          tags: '[]',
          search_text: `analysis question ${n}`,
          audit_status: AuditStatus.PASSED,
          audit_reason: '',
          retired: 0,
          author_id: 1,
          reviewer_id: null,
          reviewed_at: null,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .returning('id')
    .execute();
  const questionIds = rows.map((row) => row.id);
  const paperId = await writePaper(db, {
    subjectId: fields.subjectId,
    level: fields.level,
    passScore: fields.passScore,
    name: `Analysis paper ${counter}`,
    sections: [
      {
        title: 'Part one',
        questions: questionIds.map((id, q) => ({ id, score: fields.questions[q]!.score })),
      },
    ],
  });
  return { paperId, questionIds };
}

/** The paper version an exam was published with. */
async function snapshotOfExam(db: Db, examId: number): Promise<PaperSnapshot> {
  const row = await db
    .selectFrom('exams')
    .innerJoin('paper_versions', 'paper_versions.id', 'exams.paper_version_id')
    .select('paper_versions.snapshot')
    .where('exams.id', '=', examId)
    .executeTakeFirstOrThrow();
  return parseJson<PaperSnapshot | null>(row.snapshot, null)!;
}

/** The item ids of an exam's version, in paper order. */
export async function itemIdsOf(db: Db, examId: number): Promise<string[]> {
  const snapshot = await snapshotOfExam(db, examId);
  return snapshot.sections.flatMap((section) => section.items.map((item) => item.itemId));
}

/** One candidate's sitting: per question (paper order) points earned and the stored answer. */
export interface Sitting {
  /** Points per question; null: no answer row at all. */
  scores: (number | null)[];
  /** The stored value per question (paper keys for choices); defaults to 'x'. */
  values?: unknown[];
  /** The total, when it should differ from the sum (null: marking not finished). */
  total?: number | null;
  /** Started but never finished. */
  unfinished?: boolean;
}

/**
 * Attempts for the exam's candidates in seat order, one per sitting; candidates past the last
 * sitting get none (absent). The candidate row gets the total and pass or fail as marking leaves
 * them.
 */
export async function writeSittings(db: Db, examId: number, sittings: Sitting[]) {
  const itemIds = await itemIdsOf(db, examId);
  const { exam, seats: candidates } = await examSeats(db, examId);
  if (candidates.length < sittings.length) throw new Error('more sittings than candidates');
  const at = new Date().toISOString();
  for (const [i, sitting] of sittings.entries()) {
    const candidate = candidates[i]!;
    const hundredths = sitting.scores.map((s) => (s === null ? null : Math.round(s * 100)));
    const sum = hundredths.reduce<number>((a, b) => a + (b ?? 0), 0);
    const total =
      sitting.total === undefined
        ? sum
        : sitting.total === null
          ? null
          : Math.round(sitting.total * 100);
    const attemptId = await insertFinishedAttempt(db, examId, exam.paper_version_id!, candidate, {
      seed: `analysis-${examId}-${i}`,
      started_at: at,
      // An unfinished attempt's deadline lies ahead, or the scheduler would finalize it.
      deadline: sitting.unfinished ? new Date(Date.now() + 86_400_000).toISOString() : at,
      finished_at: sitting.unfinished ? null : at,
      finish_reason: sitting.unfinished ? null : 'submitted',
      objective_score: sitting.unfinished ? null : sum,
      pending_marking: sitting.unfinished ? null : total === null ? 1 : 0,
    });
    const answers = itemIds
      .map((itemId, q) => ({ itemId, q }))
      .filter(({ q }) => sitting.scores[q] !== null && sitting.scores[q] !== undefined);
    if (answers.length > 0) {
      await db
        .insertInto('attempt_answers')
        .values(
          answers.map(({ itemId, q }) => ({
            attempt_id: attemptId,
            item_id: itemId,
            seq: 1,
            value: JSON.stringify(sitting.values?.[q] ?? 'x'),
            saved_at: at,
            score: sitting.unfinished ? null : hundredths[q]!,
          })),
        )
        .execute();
    }
    if (sitting.unfinished) continue;
    await db
      .updateTable('exam_candidates')
      .set({
        status: 0,
        score: total,
        passed: total === null ? null : total >= exam.pass_score ? 1 : 0,
      })
      .where('id', '=', candidate.id)
      .execute();
  }
}

export async function setReleased(db: Db, examId: number, released: boolean) {
  await db
    .updateTable('exams')
    .set({ released_at: released ? new Date().toISOString() : null })
    .where('id', '=', examId)
    .execute();
}

/**
 * For a paper drawn per candidate: an attempt per candidate (seat order) with seed
 * `drawn-${examId}-${i}`, answering every question it drew, scored `scoreOf(questionId)` points.
 * Answers each attempt's drawn question ids, in seat order.
 */
export async function writeDrawnSittings(
  db: Db,
  examId: number,
  count: number,
  scoreOf: (questionId: number) => number,
): Promise<number[][]> {
  const snapshot = await snapshotOfExam(db, examId);
  const { exam, seats: candidates } = await examSeats(db, examId, count);
  const at = new Date().toISOString();
  const drawn: number[][] = [];
  for (const [i, candidate] of candidates.entries()) {
    const seed = `drawn-${examId}-${i}`;
    const items = itemsFor(snapshot, seed).flat();
    const scores = items.map(({ item }) => Math.round(scoreOf(item.questionId) * 100));
    const total = scores.reduce((a, b) => a + b, 0);
    const attemptId = await insertFinishedAttempt(db, examId, exam.paper_version_id!, candidate, {
      seed,
      started_at: at,
      deadline: at,
      finished_at: at,
      objective_score: total,
      pending_marking: 0,
    });
    await db
      .insertInto('attempt_answers')
      .values(
        items.map(({ item }, q) => ({
          attempt_id: attemptId,
          item_id: item.itemId,
          seq: 1,
          value: JSON.stringify('T'),
          saved_at: at,
          score: scores[q]!,
        })),
      )
      .execute();
    await db
      .updateTable('exam_candidates')
      .set({ status: 0, score: total, passed: total >= exam.pass_score ? 1 : 0 })
      .where('id', '=', candidate.id)
      .execute();
    drawn.push(items.map(({ item }) => item.questionId));
  }
  return drawn;
}

const { JUDGEMENT: J, SINGLE: S, MULTIPLE: M, SHORT_ANSWER: SA } = QuestionType;

/** Paper A's keys in order: a judgement, a single and a multiple choice of 4, two judgements. */
export const PAPER_A_KEYS = ['T', 'B', 'AC', 'F', 'T'] as const;

/**
 * Exam A's batch "Item batch A" of 8 students who can sign in with `password`, and paper A: its
 * questions of 1 point each, pass 3, on the structure's course and first point. The batch, the
 * students' ticket numbers in seat order, the paper and its questions.
 */
export async function addPaperAWithBatch(db: Db, s: Structure, password: string) {
  const classId = await addClass(db, s.subjectId, { level: 5, name: 'Item batch A' });
  const tickets = await addSignableStudents(db, classId, 8, { prefix: 'IA-', password });
  const one = { score: 1, courseId: s.courseId, pointId: s.pointId };
  const paper = await addAnalysisPaper(db, {
    subjectId: s.subjectId,
    level: 5,
    passScore: 3,
    questions: [
      { ...one, type: J, answer: 'T' },
      { ...one, type: S, answer: 'B', options: 4 },
      { ...one, type: M, answer: 'AC', options: 4 },
      { ...one, type: J, answer: 'F' },
      { ...one, type: J, answer: 'T' },
    ],
  });
  return { classId, tickets, ...paper };
}

/**
 * Exam A's 8 sittings of paper A, answers in paper keys ('' for none): item-analysis.test.ts has
 * them sat through the API and works out their figures by hand.
 */
export const SITTINGS_A: readonly (readonly string[])[] = [
  ['T', 'B', 'AC', 'F', 'F'],
  ['T', 'B', 'AC', 'T', 'F'],
  ['T', 'B', 'AC', 'T', 'F'],
  ['T', 'B', 'A', 'T', 'F'],
  ['T', 'A', 'AC', 'T', 'F'],
  ['T', 'C', 'ABC', 'T', 'T'],
  ['T', 'A', 'B', 'T', 'T'],
  ['T', '', '', 'T', 'F'],
];

/**
 * Exam B, closed and released, written as marking leaves it (item-analysis.test.ts works out its
 * figures): a batch "Item batch B" of 6, a single choice (2 points, key A, the first point), a
 * judgement (2, the second point) and a short answer marked by hand (4, a course "Course two" of
 * its own); 4 sittings, one started and never finished, one candidate who never came.
 */
export async function addExamB(admin: Client, db: Db, s: Structure) {
  const at = new Date().toISOString();
  const courseTwo = (
    await db
      .insertInto('knowledge')
      .values({
        subject_id: s.subjectId,
        level: 5,
        type: 'cn',
        parent_id: null,
        code: 'IA-C2',
        name: 'Course two',
        importance: null,
        weight: 0,
        description: '',
        sort: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const classId = await addClass(db, s.subjectId, { level: 5, name: 'Item batch B' });
  await addStudents(db, classId, 6, { prefix: 'IB-' });
  const paper = await addAnalysisPaper(db, {
    subjectId: s.subjectId,
    level: 5,
    passScore: 4,
    questions: [
      { type: S, score: 2, answer: 'A', options: 2, courseId: s.courseId, pointId: s.pointId },
      { type: J, score: 2, answer: 'T', courseId: s.courseId, pointId: s.secondPointId },
      { type: SA, score: 4, courseId: courseTwo, pointId: null },
    ],
  });
  const examId = await addPublishedExam(
    admin,
    db,
    { paperId: paper.paperId, classIds: [classId] },
    closedWindow(),
  );
  await writeSittings(db, examId, [
    { scores: [2, 2, 4], values: ['A', 'T', 'essay'] },
    { scores: [2, 0, 3], values: ['A', 'F', 'essay'] },
    { scores: [2, 0, 1.5], values: ['A', 'F', 'essay'] },
    { scores: [0, 0, 0.5], values: ['B', 'F', 'essay'] },
    // Started, never finished (the window closed with the server down): absent.
    { scores: [null, null, null], unfinished: true },
    // The sixth candidate never came.
  ]);
  await setReleased(db, examId, true);
  return { examId, classId, questionIds: paper.questionIds, courseTwo };
}
