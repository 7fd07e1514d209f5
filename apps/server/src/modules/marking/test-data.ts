import {
  MARKING_BASE,
  Perm,
  QuestionType,
  type NextAnswerResult,
  type ScoreAnswerResult,
} from '@kaoshi/shared';
import { login, type Client, type TestApp } from '../../../test/build-app.js';
import { signedInTeacher } from '../../../test/factories.js';
import type { Db } from '../../db/database.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { addPaper, addPublishedExam, addStudents, closedWindow } from '../exam/test-data.js';
import { examSeats, insertFinishedAttempt, markingPlan } from '../../../test/exams.js';
import { readPaperVersion, type PaperSnapshot } from '../paper/paper-version.js';
import { createStructure } from '../question/test-data.js';

/**
 * Finished attempts for every candidate of the exam, written straight into the tables as
 * finalization leaves them: the objective score known, each marked item answered with
 * `textOf(candidateIndex, itemId)`. Driving hundreds of candidates through the socket would
 * test taking exams again, not marking. Answers the attempt ids in seat order.
 */
export async function addFinishedAttempts(
  db: Db,
  examId: number,
  options: {
    markedItemIds: string[];
    objective: number;
    textOf?: (i: number, itemId: string) => string;
  },
): Promise<number[]> {
  const { exam, seats } = await examSeats(db, examId);
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (const [i, seat] of seats.entries()) {
    const attemptId = await insertFinishedAttempt(db, examId, exam.paper_version_id!, seat, {
      seed: `seed-${examId}-${i}`,
      objective_score: options.objective,
      pending_marking: options.markedItemIds.length,
      receipt_code: 'test',
    });
    ids.push(attemptId);
    if (options.markedItemIds.length > 0) {
      await db
        .insertInto('attempt_answers')
        .values(
          options.markedItemIds.map((itemId) => ({
            attempt_id: attemptId,
            item_id: itemId,
            seq: 1,
            value: JSON.stringify(options.textOf?.(i, itemId) ?? `Answer ${i} to ${itemId}`),
            saved_at: at,
            score: null,
          })),
        )
        .execute();
    }
    await db.updateTable('exam_candidates').set({ status: 0 }).where('id', '=', seat.id).execute();
  }
  return ids;
}

/** A user at the marking desk, signed in. */
export interface Marker {
  id: number;
  client: Client;
}

/**
 * The marking tests' world: a passed paper of a single choice (scored at finalization) and two
 * short answers (marked), 2 points each, pass 3; a batch "Marking small" of 3 students; `markers`
 * teachers holding MARKINGPAPERS; and a chief who may arbitrate, holding the batch.
 */
export async function buildMarkingWorld(t: TestApp, markerCount: number) {
  const db = t.handle.db;
  const admin = await login(t.app);
  const s = await createStructure(db);
  const paperId = await addPaper(db, {
    subjectId: s.subjectId,
    level: s.level,
    courseId: s.courseId,
    types: [QuestionType.SINGLE, QuestionType.SHORT_ANSWER, QuestionType.SHORT_ANSWER],
    passScore: 3,
  });
  const smallBatch = await addClass(db, s.subjectId, { level: 5, name: 'Marking small' });
  await addStudents(db, smallBatch, 3, { prefix: 'MS-' });
  const markers: Marker[] = [];
  for (let i = 0; i < markerCount; i++) {
    const teacher = await signedInTeacher(t.app, admin, [Perm.MARKING]);
    markers.push({ id: teacher.id, client: teacher.client });
  }
  const chief = await signedInTeacher(t.app, admin, [Perm.MARKING, Perm.MARKING_ARBITRATE]);
  // The chief holds the batch (lib/access examAccess): exam-wide calls need every batch.
  await assignTeacher(db, smallBatch, chief.id);
  const arbiter: Marker = { id: chief.id, client: chief.client };
  return { admin, s, paperId, smallBatch, markers, arbiter };
}

/** The frozen paper an exam sits. */
export async function snapshotOf(db: Db, examId: number): Promise<PaperSnapshot> {
  const exam = await db
    .selectFrom('exams')
    .select('paper_version_id')
    .where('id', '=', examId)
    .executeTakeFirstOrThrow();
  return readPaperVersion(db, exam.paper_version_id!);
}

let examCount = 0;

/**
 * A published exam of the paper for the batch whose window has closed: its id, its name, the
 * item ids of its short answers (marked) and of its single choice.
 */
export async function addClosedMarkingExam(
  admin: Client,
  db: Db,
  paperId: number,
  classId: number,
) {
  const name = `Marking exam ${++examCount}`;
  const id = await addPublishedExam(
    admin,
    db,
    { name, paperId, classIds: [classId] },
    closedWindow(),
  );
  const items = (await snapshotOf(db, id)).sections.flatMap((section) => section.items);
  const marked = items.filter((item) => item.type === QuestionType.SHORT_ANSWER);
  const single = items.find((item) => item.type === QuestionType.SINGLE)!;
  return { id, name, marked: marked.map((item) => item.itemId), single: single.itemId };
}

export { markingPlan };

/** The desk's Next for a question. */
export const nextAnswer = (client: Client, examId: number, itemId: string) =>
  client.post<NextAnswerResult>(`${MARKING_BASE}/nextAnswer`, { examId, itemId });

export const scoreAnswer = (client: Client, answerId: number, points: number, comment = '') =>
  client.post<ScoreAnswerResult>(`${MARKING_BASE}/scoreAnswer`, {
    answerId,
    score: points,
    comment,
  });
