import { CandidateStatus, QuestionType } from '@kaoshi/shared';
import { examSeats, insertFinishedAttempt } from '../../../test/exams.js';
import type { Db } from '../../db/database.js';
import { publishPaperVersion } from '../paper/paper-version.js';
import { addBankQuestions, writePaper } from '../paper/test-data.js';

/**
 * Data for the analysis tests (and benches), written straight into the tables as publishing,
 * finalization, marking and release leave them: a paper of sections, a closed exam of batches
 * with one candidate per student, finished attempts with a score per question, the candidate's
 * total and pass, and the release. Driving thousands of candidates through the exam page would
 * test taking exams, not analysing them.
 */

let counter = 0;
const next = () => ++counter;
const HOUR = 3_600_000;

export interface PaperSpec {
  subjectId: number;
  level: number;
  courseId: number;
  /** Points of each question, section by section; item ids are s1q1, s1q2, s2q1… */
  sections: { title: string; scores: number[]; type?: number }[];
  /** Points. */
  passScore: number;
  name?: string;
}

/** A passed paper of judgement questions (or `type`) in sections; its id. */
export async function addSectionedPaper(db: Db, spec: PaperSpec): Promise<number> {
  const sections = [];
  for (const section of spec.sections) {
    const ids = await addBankQuestions(
      db,
      section.scores.map((score) => ({
        type: section.type ?? QuestionType.JUDGEMENT,
        subjectId: spec.subjectId,
        level: spec.level,
        courseId: spec.courseId,
        score,
      })),
    );
    sections.push({
      title: section.title,
      questions: ids.map((id, q) => ({ id, score: section.scores[q]! })),
    });
  }
  return writePaper(db, {
    subjectId: spec.subjectId,
    level: spec.level,
    passScore: spec.passScore,
    name: spec.name ?? `Analysis paper ${next()}`,
    sections,
  });
}

export interface ClosedExamSpec {
  paperId: number;
  classIds: number[];
  name?: string;
  /** When it opened (closed an hour later); default: `hoursAgo` 2. */
  hoursAgo?: number;
  /** The exam this one is the make-up of, and for whom. */
  makeUpOf?: { examId: number; who: 'failed' | 'absent' | 'both' };
  /** Students of these ids sit it, in this order (seats); default: every student of the batches. */
  studentIds?: number[];
}

/**
 * A published exam whose window has closed, with a frozen version of the paper and one
 * candidate per student (status 3, not started); answers the exam id and its candidates' ids in
 * seat order.
 */
export async function addClosedExam(
  db: Db,
  spec: ClosedExamSpec,
): Promise<{ examId: number; candidateIds: number[] }> {
  const version = await publishPaperVersion(db, spec.paperId, 1);
  const paper = await db
    .selectFrom('papers')
    .select(['subject_id', 'level', 'pass_score'])
    .where('id', '=', spec.paperId)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const startAt = new Date(now - (spec.hoursAgo ?? 2) * HOUR).toISOString();
  const endAt = new Date(now - ((spec.hoursAgo ?? 2) - 1) * HOUR).toISOString();
  const at = new Date(now).toISOString();
  const exam = await db
    .insertInto('exams')
    .values({
      name: spec.name ?? `Analysis exam ${next()}`,
      status: 'published',
      paper_id: spec.paperId,
      paper_version_id: version.id,
      subject_id: paper.subject_id,
      level: paper.level,
      pass_score: paper.pass_score,
      instruction_id: null,
      start_at: startAt,
      end_at: endAt,
      duration_minutes: 60,
      late_entry_minutes: 0,
      min_submit_minutes: 0,
      shuffle_questions: 0,
      shuffle_options: 0,
      multiple_scoring: 'all',
      partial_share: 50,
      show_result: 'released',
      allow_review: 0,
      leave_limit: 0,
      fullscreen: 0,
      takeover: 'allow',
      ip_allow_list: '[]',
      access_code: '',
      make_up_of: spec.makeUpOf?.examId ?? null,
      make_up_who: spec.makeUpOf?.who ?? null,
      published_at: startAt,
      released_at: null,
      created_by: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('exam_classes')
    .values(spec.classIds.map((classId) => ({ exam_id: exam.id, class_id: classId })))
    .execute();
  const students =
    spec.studentIds === undefined
      ? await db
          .selectFrom('students')
          .select(['id', 'class_id'])
          .where('class_id', 'in', spec.classIds)
          .orderBy('class_id')
          .orderBy('ticket_number')
          .execute()
      : await db
          .selectFrom('students')
          .select(['id', 'class_id'])
          .where('id', 'in', spec.studentIds)
          .execute()
          .then((rows) => {
            const byId = new Map(rows.map((row) => [row.id, row]));
            return spec.studentIds!.map((id) => byId.get(id)!);
          });
  const candidateIds: number[] = [];
  const CHUNK = 500;
  for (let start = 0; start < students.length; start += CHUNK) {
    const rows = await db
      .insertInto('exam_candidates')
      .values(
        students.slice(start, start + CHUNK).map((student, i) => ({
          exam_id: exam.id,
          student_id: student.id,
          class_id: student.class_id,
          seat_number: start + i + 1,
          added_singly: 0,
          extra_minutes: 0,
          status: CandidateStatus.NOT_STARTED,
          created_at: at,
        })),
      )
      .returning('id')
      .execute();
    candidateIds.push(...rows.map((row) => row.id));
  }
  return { examId: exam.id, candidateIds };
}

/**
 * A candidate's sitting: 'absent' (never started), or their points per question, section by
 * section as the paper has them; `pending`: a marker's score still to come (no total yet).
 */
export type Sitting =
  'absent' | { scores: number[][]; minutes?: number; pending?: boolean; finishedAt?: string };

/**
 * Finished attempts for the exam's candidates in seat order, one `Sitting` each (candidates
 * past the list stay absent): answers scored per question, the total and pass on the candidate
 * row as marking leaves them. Answers the attempt ids (null for the absent).
 */
export async function addSittings(
  db: Db,
  examId: number,
  sittings: readonly Sitting[],
): Promise<(number | null)[]> {
  const { exam, seats } = await examSeats(db, examId);
  const ids: (number | null)[] = [];
  for (const [i, candidate] of seats.entries()) {
    const sitting = sittings[i];
    if (sitting === undefined || sitting === 'absent') {
      ids.push(null);
      continue;
    }
    const startedAt = exam.start_at;
    const finishedAt =
      sitting.finishedAt ??
      new Date(Date.parse(startedAt) + (sitting.minutes ?? 30) * 60_000).toISOString();
    const total = Math.round(sitting.scores.flat().reduce((sum, score) => sum + score, 0) * 100);
    const attemptId = await insertFinishedAttempt(db, examId, exam.paper_version_id!, candidate, {
      seed: `analysis-${examId}-${i}`,
      started_at: startedAt,
      deadline: finishedAt,
      finished_at: finishedAt,
      objective_score: total,
      pending_marking: sitting.pending ? 1 : 0,
      receipt_code: 'test',
    });
    ids.push(attemptId);
    const answers = sitting.scores.flatMap((section, s) =>
      section.map((score, q) => ({
        attempt_id: attemptId,
        item_id: `s${s + 1}q${q + 1}`,
        seq: 1,
        value: JSON.stringify('T'),
        saved_at: finishedAt,
        score: Math.round(score * 100),
      })),
    );
    if (answers.length > 0) await db.insertInto('attempt_answers').values(answers).execute();
    await db
      .updateTable('exam_candidates')
      .set({
        status: CandidateStatus.SUBMITTED,
        score: sitting.pending ? null : total,
        passed: sitting.pending ? null : total >= exam.pass_score ? 1 : 0,
      })
      .where('id', '=', candidate.id)
      .execute();
  }
  return ids;
}

/** Releases the exam's scores (as the publisher's release leaves them). */
export async function releaseScores(db: Db, examId: number) {
  const at = new Date().toISOString();
  await db.updateTable('exams').set({ released_at: at }).where('id', '=', examId).execute();
  await db
    .insertInto('score_releases')
    .values({ exam_id: examId, action: 'release', reason: '', user_id: 1, created_at: at })
    .execute();
}
