import { nowIso, type Db } from '../db/database.js';
import { Perm } from '@kaoshi/shared';
import { forbidden, notFound } from '../errors.js';
import type { ClassViewer } from '../modules/school/classes.repository.js';
import { AccessRepository } from './access.repository.js';

/**
 * Row access, one function per entity (DESIGN rules 9 and 13), called by every module that
 * takes such an id. Which batches a user holds comes from visibleClassIds / seesEveryClass
 * alone. The rules:
 * - an exam is read by whoever holds at least one of its batches (rows of the others are the
 *   caller's to filter); a user who holds none is told it does not exist (10003);
 * - exam-wide changes (release, withdraw, key correction, marking plan, audits) need every
 *   batch of the exam (10001 otherwise);
 * - a marker named in an exam's plan marks it (and reads its progress) without its batches:
 *   marking is blind and markers are chosen by the chief;
 * - keys of an exam reach no one before it closes; the only way to them is printing the paper
 *   with answers (paperAccess 'keys'), audited by the caller;
 * - a paper is read by its author, by anyone while no exam sits it (the paper builder's shared
 *   drafts), and by whoever holds a batch of an exam that sits it;
 * - a batch: whoever holds it. An attempt is its examinee's alone (the attempt module's
 *   ownAttempt, a precompiled query on the exam-start path); staff reach candidates through
 *   their exam (proctor) and students through the student repository (visibleClassIds).
 * - a room of an exam's seat plan (the invigilator's console), per session (场次) when the exam
 *   has sessions: its invigilators for that session (or for all of them) reach it, and only it
 *   (its candidates, check-in, start, pauses); a publisher (PUBLISH) with every batch of
 *   the exam reaches every room; anyone else is told it does not exist (10003).
 * - an exam's rooms for irregularities and room documents (examRoomsScope): a publisher (PUBLISH)
 *   reaches them through the exam's batches (their batches' candidates; reversing a termination
 *   needs every batch); an invigilator without the exam's batches reaches only the rooms they are
 *   assigned to (exam_room_invigilators) and those rooms' candidates; a room's documents for a
 *   session only when assigned to that session or to all of them;
 * - a skills assessment as an exam: read with one of its batches (10003 otherwise), changed
 *   (edit, delete, publish, close) only with every one of them (10001 otherwise).
 * - a skills candidate's scoring: its station's examiners only, once the assessment is published
 *   (others are told it does not exist: an examiner learns nothing of other stations); the
 *   assessment's chief examiner and score checker by assignment, whatever their batches.
 */
export type ExamNeed = 'read' | 'mark' | 'manage' | 'keys';
export type PaperNeed = 'read' | 'keys';

/**
 * Refuses `viewer` what `need` asks of the exam; answers the exam's batch ids and the viewer's
 * own (null: every batch), so that callers filter rows without asking again.
 */
export async function examAccess(
  db: Db,
  viewer: ClassViewer,
  examId: number,
  need: ExamNeed,
): Promise<{ examClassIds: number[]; own: Set<number> | null }> {
  const repo = new AccessRepository(db);
  const exam = await repo.exam(examId);
  if (!exam) throw notFound('exam', examId);
  const [own, ids] = await Promise.all([repo.ownClasses(viewer), repo.examClassIds(examId)]);
  if (own) {
    const some = ids.some((id) => own.has(id));
    if (!some && !(need === 'mark' && (await repo.isMarker(examId, viewer.user.id)))) {
      throw notFound('exam', examId);
    }
    if ((need === 'manage' || need === 'keys') && ids.some((id) => !own.has(id))) {
      throw forbidden('examNotYours', { id: examId });
    }
  }
  if (need === 'keys' && exam.end_at > nowIso()) {
    throw forbidden('examKeysBeforeClose', { id: examId });
  }
  return { examClassIds: ids, own };
}

/**
 * A paper `viewer` may use. With 'keys' (printing or exporting with answers) every exam sitting
 * the paper that has not closed must be wholly theirs, and each such exam's change log records
 * the read. Answers those exams' ids.
 */
export async function paperAccess(
  db: Db,
  viewer: ClassViewer,
  paperId: number,
  need: PaperNeed,
): Promise<{ openExamIds: number[] }> {
  const repo = new AccessRepository(db);
  const paper = await repo.paper(paperId);
  if (!paper) throw notFound('paper', paperId);
  const exams = await repo.examsOfPaper(paperId);
  const own = await repo.ownClasses(viewer);
  if (
    own &&
    paper.author_id !== viewer.user.id &&
    exams.length > 0 &&
    !exams.some((exam) => exam.classIds.some((id) => own.has(id)))
  ) {
    throw notFound('paper', paperId);
  }
  if (need === 'read') return { openExamIds: [] };
  const now = nowIso();
  const open = exams.filter((exam) => exam.status === 'published' && exam.end_at > now);
  if (own) {
    const foreign = open.find((exam) => exam.classIds.some((id) => !own.has(id)));
    if (foreign) throw forbidden('examNotYours', { id: foreign.id });
  }
  const openExamIds = open.map((exam) => exam.id);
  await repo.recordKeyRead(openExamIds, viewer.user.id, paperId, now);
  return { openExamIds };
}

/** An answer to mark: through its exam (examAccess with `need`). Answers the exam id. */
export async function answerAccess(
  db: Db,
  viewer: ClassViewer,
  answerId: number,
  need: ExamNeed,
): Promise<{ examId: number }> {
  const answer = await new AccessRepository(db).answer(answerId);
  if (!answer) throw notFound('markingAnswer', answerId);
  await examAccess(db, viewer, answer.exam_id, need);
  return { examId: answer.exam_id };
}

/** A batch `viewer` holds (10003 otherwise: others' batches are not shown to exist). */
export async function classAccess(db: Db, viewer: ClassViewer, classId: number): Promise<void> {
  const repo = new AccessRepository(db);
  if (!(await repo.classRow(classId))) throw notFound('batch', classId);
  const own = await repo.ownClasses(viewer);
  if (own && !own.has(classId)) throw notFound('batch', classId);
}

/** The exams `viewer` may read as a subquery for list filters, or null for every exam. */
export function visibleExams(db: Db, viewer: ClassViewer) {
  const repo = new AccessRepository(db);
  const scope = repo.scope(viewer);
  return scope ? repo.visibleExamIds(scope) : null;
}

/** The papers `viewer` may read as a subquery for list filters, or null for every paper. */
export function visiblePapers(db: Db, viewer: ClassViewer) {
  const repo = new AccessRepository(db);
  const scope = repo.scope(viewer);
  return scope ? repo.visiblePaperIds(scope, viewer.user.id) : null;
}

/**
 * Refuses `viewer` what `need` asks of the skills assessment (as examAccess: 'read' with one of
 * its batches, 'manage' with all of them). Answers its batch ids.
 */
export async function skillAssessmentAccess(
  db: Db,
  viewer: ClassViewer,
  id: number,
  need: 'read' | 'manage',
): Promise<{ classIds: number[] }> {
  const repo = new AccessRepository(db);
  if (!(await repo.skillAssessment(id))) throw notFound('skillAssessment', id);
  const [own, classIds] = await Promise.all([
    repo.ownClasses(viewer),
    repo.skillAssessmentClassIds(id),
  ]);
  if (own) {
    if (!classIds.some((classId) => own.has(classId))) throw notFound('skillAssessment', id);
    if (need === 'manage' && classIds.some((classId) => !own.has(classId))) {
      throw forbidden('skillAssessmentNotYours', { id });
    }
  }
  return { classIds };
}

/** The skills assessments `viewer` may read as a subquery for list filters, or null for all. */
export function visibleSkillAssessments(db: Db, viewer: ClassViewer) {
  const repo = new AccessRepository(db);
  const scope = repo.scope(viewer);
  return scope ? repo.visibleSkillAssessmentIds(scope) : null;
}

/**
 * A room of an exam's seat plan for one session (null: its candidates without a session), for
 * the invigilator's console: its invigilators for that session or for all of them, or a
 * publisher holding every batch of the exam (examAccess 'manage'). Answers the room's name, the
 * session (its window) and the room's start in it. Not in the plan, a session of another exam,
 * or not the viewer's room and session: 10003 (others' rooms are not shown to exist).
 */
export async function roomAccess(
  db: Db,
  viewer: ClassViewer,
  examId: number,
  roomId: number,
  /** 'any': whichever session (the room's live events). */
  sessionId: number | null | 'any' = null,
): Promise<{
  name: string;
  startedAt: string | null;
  publisher: boolean;
  session: { id: number; name: string; startAt: string; endAt: string } | null;
}> {
  const repo = new AccessRepository(db);
  const room = await repo.examRoom(examId, roomId);
  if (!room) throw notFound('room', roomId);
  const session =
    typeof sessionId === 'number' ? await repo.examRoomSession(examId, roomId, sessionId) : null;
  if (session === undefined) throw notFound('examSession', sessionId as number);
  const publisher = viewer.superAdmin || viewer.permissionKeys.has(Perm.PUBLISH);
  if (!(await repo.isInvigilator(examId, roomId, sessionId, viewer.user.id))) {
    if (!publisher) throw notFound('room', roomId);
    try {
      await examAccess(db, viewer, examId, 'manage');
    } catch {
      throw notFound('room', roomId);
    }
  }
  return {
    name: room.name,
    startedAt: session ? session.started_at : room.started_at,
    publisher,
    session: session
      ? { id: session.id, name: session.name, startAt: session.start_at, endAt: session.end_at }
      : null,
  };
}

/**
 * Who `examRoomsScope` lets a caller reach: through batches (`rooms` null; `own` null for every
 * batch) or as the invigilator of `rooms` (whatever the candidates' batches).
 */
export interface RoomScope {
  own: Set<number> | null;
  rooms: number[] | null;
}

/**
 * The exam's rooms for irregularities and room documents (the rule above). `roomId`: the room
 * asked for, which must be of the exam's plan and, for an invigilator, theirs. 'manage' (a
 * chief's reversal) needs every batch of the exam.
 */
export async function examRoomsScope(
  db: Db,
  viewer: ClassViewer,
  examId: number,
  need: 'read' | 'manage',
  roomId: number | null = null,
  /** With `roomId`, the session asked for (null: the room's candidates without a session). */
  sessionId?: number | null,
): Promise<RoomScope> {
  const repo = new AccessRepository(db);
  if (roomId !== null && !(await repo.examHasRoom(examId, roomId))) throw notFound('room', roomId);
  const publisher = viewer.superAdmin || viewer.permissionKeys.has(Perm.PUBLISH);
  let refusal: unknown;
  if (publisher) {
    try {
      const { own } = await examAccess(db, viewer, examId, need);
      return { own, rooms: null };
    } catch (error) {
      refusal = error;
    }
  }
  if (need === 'manage' || !viewer.permissionKeys.has(Perm.INVIGILATE)) {
    throw refusal ?? forbidden('examNotYours', { id: examId });
  }
  const assigned = await repo.invigilatedRooms(examId, viewer.user.id);
  if (assigned.length === 0) throw refusal ?? notFound('exam', examId);
  const rooms = [...new Set(assigned.map((row) => row.room_id))];
  if (roomId !== null && !rooms.includes(roomId)) throw forbidden('irregularityRoomNotYours');
  // An invigilator of one session of the room reaches only that session's documents.
  if (
    roomId !== null &&
    sessionId !== undefined &&
    !assigned.some(
      (row) => row.room_id === roomId && (row.session_id === null || row.session_id === sessionId),
    )
  ) {
    throw forbidden('irregularityRoomNotYours');
  }
  return { own: null, rooms };
}

/** A candidate (their batch and room) within `scope`; refused with their name otherwise. */
export function candidateInRoomScope(
  scope: RoomScope,
  candidate: { classId: number; roomId: number | null; name: string; ticketNumber: string },
): void {
  const inside = scope.rooms
    ? candidate.roomId !== null && scope.rooms.includes(candidate.roomId)
    : !scope.own || scope.own.has(candidate.classId);
  if (!inside) {
    throw forbidden('irregularityNotYourRoom', {
      name: candidate.name,
      ticket: candidate.ticketNumber,
    });
  }
}

/**
 * A skills candidate as its examiner reaches it (issue 26 §3): of a published assessment, at a
 * station `userId` examines; anything else is "not found" (10003).
 */
export async function skillExaminerAccess(
  db: Db,
  userId: number,
  candidateId: number,
): Promise<void> {
  if (!(await new AccessRepository(db).examinesSkillCandidate(candidateId, userId))) {
    throw notFound('skillCandidate', candidateId);
  }
}

/** The roles an assessment assigns: its chief examiner (考评组长) and its score checker (核分员). */
export type SkillRole = 'chief' | 'checker';

/**
 * Refuses a user who is not the assessment's chief examiner (or checker, as `roles` allow); the
 * caller has read the assessment's row (often locked, in its transaction).
 */
export function skillRoleAccess(
  assessment: { id: number; chief_id: number | null; checker_id: number | null },
  userId: number,
  roles: readonly SkillRole[],
): void {
  if (roles.includes('chief') && assessment.chief_id === userId) return;
  if (roles.includes('checker') && assessment.checker_id === userId) return;
  const key =
    roles.length === 2
      ? 'notChiefOrChecker'
      : roles[0] === 'chief'
        ? 'notChiefExaminer'
        : 'notScoreChecker';
  throw forbidden(key, { id: assessment.id });
}
