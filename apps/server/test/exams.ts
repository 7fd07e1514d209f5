import { UserType, type SetMarkingPlanBody } from '@kaoshi/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../src/db/database.js';
import type { AttemptsTable } from '../src/db/types.js';
import { EXAM_BASE } from '../src/modules/exam/exam.routes.js';
import { addClass, residentId } from '../src/modules/base/test-data.js';
import { addBankQuestions, writePaper } from '../src/modules/paper/test-data.js';
import { createStructure } from '../src/modules/question/test-data.js';

/**
 * The exam builders that the tests of several modules stand on (exam, attempt, proctor, marking,
 * analysis…): students in bulk (the bench writes 20,000 this way) and papers that have passed
 * their audit. They live here rather than in modules/exam so that attempt's tests can use them
 * without attempt importing exam, which imports attempt's deadlines.
 */

export { EXAM_BASE };

let counter = 0;
const next = () => ++counter;

/**
 * `count` enabled students (with their accounts) in a batch; their ids. Ticket numbers are
 * `${prefix}00001`…, so seats follow the order they were added in.
 */
export async function addStudents(
  db: Db,
  classId: number,
  count: number,
  options: { prefix?: string; status?: number; initialPassword?: string | null } = {},
): Promise<number[]> {
  const prefix = options.prefix ?? `T${next()}-`;
  const at = new Date().toISOString();
  const ids: number[] = [];
  const CHUNK = 500;
  for (let start = 0; start < count; start += CHUNK) {
    const size = Math.min(CHUNK, count - start);
    const numbers = Array.from(
      { length: size },
      (_, i) => `${prefix}${String(start + i + 1).padStart(5, '0')}`,
    );
    const users = await db
      .insertInto('users')
      .values(
        numbers.map((ticket) => ({
          name: ticket,
          nick_name: `Candidate ${ticket}`,
          // Never matches a password: these students sign in only in the attempt tests.
          password_hash: 'x',
          password_is_default: 1,
          user_type: UserType.STUDENT,
          email: '',
          introduction: '',
          avatar: '',
          end_date: null,
          remote_login: 0,
          resource_url: '',
          socket_open: 0,
          status: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    const students = await db
      .insertInto('students')
      .values(
        numbers.map((ticket, i) => ({
          user_id: users[i]!.id,
          class_id: classId,
          name: `Candidate ${ticket}`,
          gender: 1,
          id_type: 1,
          id_number: residentId(100_000 + next()),
          phone: '',
          email: '',
          ticket_number: ticket,
          photo: '',
          status: options.status ?? 1,
          initial_password: options.initialPassword ?? null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...students.map((row) => row.id));
  }
  return ids;
}

/**
 * A paper of `questionCount` judgement questions worth 2 points each (new approved bank
 * questions), audited as given (passed unless told); its id.
 */
export async function addPaper(
  db: Db,
  fields: {
    subjectId: number;
    level: number;
    courseId: number;
    questionCount?: number;
    /** The question types in order (QuestionType codes); else questionCount judgements. */
    types?: number[];
    passScore?: number;
    auditStatus?: number | null;
    name?: string;
  },
): Promise<number> {
  const questionIds = await addBankQuestions(
    db,
    Array.from({ length: fields.types?.length ?? fields.questionCount ?? 3 }, (_, i) => ({
      type: fields.types?.[i],
      subjectId: fields.subjectId,
      level: fields.level,
      courseId: fields.courseId,
    })),
  );
  return writePaper(db, {
    subjectId: fields.subjectId,
    level: fields.level,
    passScore: fields.passScore ?? 3,
    name: fields.name,
    auditStatus: fields.auditStatus,
    sections: [{ title: 'Part one', questions: questionIds.map((id) => ({ id, score: 2 })) }],
  });
}

/**
 * A question structure, a passed paper of `types` (2 points each, in that order) and a level-5
 * batch named `batchName` of its job type: what taking, proctoring and marking tests start from.
 */
export async function paperAndBatch(
  db: Db,
  { types, passScore, batchName }: { types: number[]; passScore?: number; batchName: string },
) {
  const s = await createStructure(db);
  const paperId = await addPaper(db, {
    subjectId: s.subjectId,
    level: s.level,
    courseId: s.courseId,
    types,
    passScore,
  });
  const batch = await addClass(db, s.subjectId, { level: 5, name: batchName });
  return { s, paperId, batch };
}

/** The instant `minutes` from now (negative: before now), as the API writes times. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A candidate row of an exam: what an attempt written straight into the tables belongs to. */
export interface Seat {
  id: number;
  student_id: number;
}

/**
 * An exam as the tests that write attempts straight into the tables need it (its paper version,
 * pass score and window start) and its candidates in seat order, the first `count` when given.
 */
export async function examSeats(db: Db, examId: number, count?: number) {
  const exam = await db
    .selectFrom('exams')
    .select(['paper_version_id', 'pass_score', 'start_at'])
    .where('id', '=', examId)
    .executeTakeFirstOrThrow();
  let seats = db
    .selectFrom('exam_candidates')
    .select(['id', 'student_id'])
    .where('exam_id', '=', examId)
    .orderBy('seat_number');
  if (count !== undefined) seats = seats.limit(count);
  return { exam, seats: await seats.execute() };
}

/**
 * Writes a candidate's attempt straight into the table as finalization leaves one: submitted,
 * started and finished now unless `fields` say. Driving candidates through the socket would test
 * taking exams again. Its id.
 */
export async function insertFinishedAttempt(
  db: Db,
  examId: number,
  paperVersionId: number,
  seat: Seat,
  fields: Pick<Insertable<AttemptsTable>, 'seed' | 'objective_score' | 'pending_marking'> &
    Partial<Insertable<AttemptsTable>>,
): Promise<number> {
  const at = new Date().toISOString();
  const attempt = await db
    .insertInto('attempts')
    .values({
      exam_id: examId,
      candidate_id: seat.id,
      student_id: seat.student_id,
      paper_version_id: paperVersionId,
      started_at: at,
      deadline: at,
      finished_at: at,
      finish_reason: 'submitted',
      receipt_code: null,
      live_token: null,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return attempt.id;
}

/** A plan by question, single marking, half-point steps, 5 % audited, unless `fields` say. */
export const markingPlan = (
  examId: number,
  fields: Partial<SetMarkingPlanBody>,
): SetMarkingPlanBody => ({
  examId,
  mode: 'question',
  double: false,
  tolerance: 0,
  step: 0.5,
  auditShare: 5,
  assignments: [],
  ...fields,
});

/** The simplest marking plan: one marker marks one question, single marking, no audit sample. */
export const oneMarkerPlan = (examId: number, itemId: string, markerId: number) =>
  markingPlan(examId, { auditShare: 0, assignments: [{ itemId, markerIds: [markerId] }] });
