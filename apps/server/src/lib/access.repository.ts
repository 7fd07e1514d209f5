import type { Db } from '../db/database.js';
import { visibleClassIds, type ClassViewer } from '../modules/school/classes.repository.js';

/** The batches a viewer may see as a subquery (visibleClassIds), null for every batch. */
export type ClassScope = NonNullable<ReturnType<typeof visibleClassIds>>;

/** The queries behind row access (lib/access.ts): which rows belong to which batches. */
export class AccessRepository {
  constructor(private readonly db: Db) {}

  scope(viewer: ClassViewer): ClassScope | null {
    return visibleClassIds(this.db, viewer);
  }

  /** The viewer's batch ids, or null for every batch. */
  async ownClasses(viewer: ClassViewer): Promise<Set<number> | null> {
    const scope = this.scope(viewer);
    if (!scope) return null;
    return new Set((await scope.execute()).map((row) => row.class_id));
  }

  exam(examId: number) {
    return this.db
      .selectFrom('exams')
      .select(['id', 'status', 'end_at', 'paper_id'])
      .where('id', '=', examId)
      .executeTakeFirst();
  }

  async examClassIds(examId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('exam_classes')
      .select('class_id')
      .where('exam_id', '=', examId)
      .execute();
    return rows.map((row) => row.class_id);
  }

  /** The user is named a marker of one of the exam's questions. */
  async isMarker(examId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('marking_assignments')
      .select('exam_id')
      .where('exam_id', '=', examId)
      .where('marker_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The room of the exam's seat plan with its name and start; undefined when not in the plan. */
  examRoom(examId: number, roomId: number) {
    return this.db
      .selectFrom('exam_rooms as er')
      .innerJoin('venue_rooms as r', 'r.id', 'er.room_id')
      .select(['er.exam_id', 'er.room_id', 'r.name', 'er.started_at'])
      .where('er.exam_id', '=', examId)
      .where('er.room_id', '=', roomId)
      .executeTakeFirst();
  }

  /**
   * `userId` invigilates the room for `sessionId` (null: the room's candidates without a
   * session; 'any': whichever): assigned for that session or for every session of the room.
   */
  async isInvigilator(
    examId: number,
    roomId: number,
    sessionId: number | null | 'any',
    userId: number,
  ): Promise<boolean> {
    let query = this.db
      .selectFrom('exam_room_invigilators')
      .select('user_id')
      .where('exam_id', '=', examId)
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId);
    if (sessionId !== 'any') {
      query = query.where((eb) =>
        sessionId === null
          ? eb('session_id', 'is', null)
          : eb.or([eb('session_id', 'is', null), eb('session_id', '=', sessionId)]),
      );
    }
    const row = await query.executeTakeFirst();
    return row !== undefined;
  }

  /** The session of the exam with its window and the room's start in it; undefined elsewhere. */
  examRoomSession(examId: number, roomId: number, sessionId: number) {
    return this.db
      .selectFrom('exam_sessions as s')
      .leftJoin('exam_room_session_starts as st', (join) =>
        join
          .onRef('st.session_id', '=', 's.id')
          .on('st.exam_id', '=', examId)
          .on('st.room_id', '=', roomId),
      )
      .select(['s.id', 's.name', 's.start_at', 's.end_at', 'st.started_at'])
      .where('s.exam_id', '=', examId)
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  }

  paper(paperId: number) {
    return this.db
      .selectFrom('papers')
      .select(['id', 'author_id'])
      .where('id', '=', paperId)
      .executeTakeFirst();
  }

  /** The exams that sit the paper (drafts too), with their batches. */
  async examsOfPaper(paperId: number) {
    const exams = await this.db
      .selectFrom('exams')
      .select(['id', 'status', 'end_at'])
      .where('paper_id', '=', paperId)
      .execute();
    const classes =
      exams.length === 0
        ? []
        : await this.db
            .selectFrom('exam_classes')
            .select(['exam_id', 'class_id'])
            .where(
              'exam_id',
              'in',
              exams.map((exam) => exam.id),
            )
            .execute();
    return exams.map((exam) => ({
      ...exam,
      classIds: classes.filter((row) => row.exam_id === exam.id).map((row) => row.class_id),
    }));
  }

  /** The exam's change log (listExamChange) names whoever read its keys while it was open. */
  async recordKeyRead(examIds: number[], userId: number, paperId: number, at: string) {
    if (examIds.length === 0) return;
    await this.db
      .insertInto('exam_changes')
      .values(
        examIds.map((examId) => ({
          exam_id: examId,
          user_id: userId,
          action: 'printKeys',
          detail: JSON.stringify({ paperId }),
          created_at: at,
        })),
      )
      .execute();
  }

  answer(answerId: number) {
    return this.db
      .selectFrom('marking_answers')
      .select(['id', 'exam_id', 'attempt_id'])
      .where('id', '=', answerId)
      .executeTakeFirst();
  }

  classRow(classId: number) {
    return this.db
      .selectFrom('classes')
      .select(['id'])
      .where('id', '=', classId)
      .executeTakeFirst();
  }

  /** The exams a viewer may read, as a subquery: those with at least one of their batches. */
  visibleExamIds(scope: ClassScope) {
    return this.db
      .selectFrom('exam_classes')
      .select('exam_classes.exam_id')
      .where('exam_classes.class_id', 'in', scope);
  }

  /**
   * The papers a viewer may read, as a subquery: their own, those no exam sits yet, and those
   * an exam of one of their batches sits.
   */
  visiblePaperIds(scope: ClassScope, userId: number) {
    return this.db
      .selectFrom('papers')
      .select('papers.id')
      .where((eb) =>
        eb.or([
          eb('papers.author_id', '=', userId),
          eb.not(
            eb.exists(
              eb
                .selectFrom('exams')
                .select('exams.id')
                .whereRef('exams.paper_id', '=', 'papers.id'),
            ),
          ),
          eb(
            'papers.id',
            'in',
            eb
              .selectFrom('exams')
              .innerJoin('exam_classes', 'exam_classes.exam_id', 'exams.id')
              .select('exams.paper_id')
              .where('exam_classes.class_id', 'in', scope),
          ),
        ]),
      );
  }

  /** Whether `userId` examines the candidate's station in a published assessment. */
  async examinesSkillCandidate(candidateId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('skill_candidates as c')
      .innerJoin('skill_assessments as a', 'a.id', 'c.assessment_id')
      .innerJoin('skill_session_examiners as e', (join) =>
        join.onRef('e.session_id', '=', 'c.session_id').onRef('e.station', '=', 'c.station'),
      )
      .select('c.id')
      .where('c.id', '=', candidateId)
      .where('a.status', '=', 'published')
      .where('e.user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  skillAssessment(id: number) {
    return this.db
      .selectFrom('skill_assessments')
      .select(['id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async skillAssessmentClassIds(id: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('skill_assessment_classes')
      .select('class_id')
      .where('assessment_id', '=', id)
      .execute();
    return rows.map((row) => row.class_id);
  }

  /** The skills assessments a viewer may read, as a subquery: those with one of their batches. */
  visibleSkillAssessmentIds(scope: ClassScope) {
    return this.db
      .selectFrom('skill_assessment_classes')
      .select('skill_assessment_classes.assessment_id')
      .where('skill_assessment_classes.class_id', 'in', scope);
  }

  /** The rooms of the exam's plan `userId` invigilates, with the session (null: all). */
  invigilatedRooms(examId: number, userId: number) {
    return this.db
      .selectFrom('exam_room_invigilators')
      .select(['room_id', 'session_id'])
      .where('exam_id', '=', examId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** The room is one of the exam's plan. */
  async examHasRoom(examId: number, roomId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('exam_rooms')
      .select('room_id')
      .where('exam_id', '=', examId)
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
