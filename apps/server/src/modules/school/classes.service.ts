import {
  ApiStatus,
  FIELD_LABELS,
  UserType,
  classScheduleProblem,
  type AddClassBody,
  type CertLevel,
  type ClassOption,
  type ClassSchedule,
  type ClassSelectQuery,
  type ClassTeacherView,
  type ClassView,
  type ListClassQuery,
  type ListResult,
  type TeacherSelectQuery,
  type UpdateClassBody,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { AppError, conflict, invalid, notFound, existing } from '../../errors.js';
import {
  ClassesRepository,
  seesEveryClass,
  type ClassRow,
  type ClassViewer,
} from './classes.repository.js';
import {
  requireFreeCode,
  saveWithCode,
  stillInUseAnswer,
  writeInTransaction,
} from './structure-write.js';
import { SubjectRepository } from './subject.repository.js';
import { levelsFromText } from './subject.service.js';

/** How many teachers the assignment picker offers at most; a keyword narrows it. */
const TEACHER_OPTIONS_MAX = 200;

type ClassNamedRow = ClassRow & {
  subject_name: string;
  subject_code: string;
  department_id: number;
  department_name: string;
  school_id: number;
  school_name: string;
  student_count: number | null;
  state_by_dates: number | null;
  state: number;
};

const toView = (row: ClassNamedRow): ClassView => ({
  id: row.id,
  subjectId: row.subject_id,
  subjectName: row.subject_name,
  subjectCode: row.subject_code,
  departmentId: row.department_id,
  departmentName: row.department_name,
  schoolId: row.school_id,
  schoolName: row.school_name,
  level: row.level as CertLevel,
  name: row.name,
  code: row.code,
  registrationStart: row.registration_start,
  registrationEnd: row.registration_end,
  examStart: row.exam_start,
  examEnd: row.exam_end,
  capacity: row.capacity,
  status: Number(row.state),
  manualStatus: row.status,
  statusByDates: row.state_by_dates !== null,
  description: row.description,
  studentCount: Number(row.student_count ?? 0),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * Registration batches (报名批次) of one job type and level. Administrators see every batch;
 * anyone else only those assigned to them (see visibleClassIds), for reading and writing alike.
 */

/** Another module's reason not to delete a batch, or null. */
export type ClassUsageCheck = (
  trx: Db,
  batch: { id: number; name: string },
) => Promise<AppError | null>;
export class ClassesService {
  constructor(
    private readonly db: Db,
    /** Other modules' reasons not to delete a batch (exams that name it). */
    private readonly usageChecks: readonly ClassUsageCheck[] = [],
  ) {}

  async list(query: ListClassQuery, viewer: ClassViewer): Promise<ListResult<ClassView>> {
    const { rows, total } = await new ClassesRepository(this.db).list(query, viewer, new Date());
    return { list: rows.map(toView), total };
  }

  async get(id: number, viewer: ClassViewer): Promise<ClassView> {
    return toView(await this.visible(new ClassesRepository(this.db), id, viewer));
  }

  async listForSelect(query: ClassSelectQuery, viewer: ClassViewer): Promise<ClassOption[]> {
    const rows = await new ClassesRepository(this.db).listForSelect(query, viewer, new Date());
    return rows.map((row) => ({
      id: row.id,
      subjectId: row.subject_id,
      level: row.level as CertLevel,
      name: row.name,
      code: row.code,
      status: Number(row.state),
    }));
  }

  add(body: AddClassBody, viewer: ClassViewer): Promise<{ id: number }> {
    const subject = { entity: 'subject', id: body.subjectId } as const;
    return saveWithCode(this.db, body.code, subject, async (trx) => {
      const classes = new ClassesRepository(trx);
      await this.checkLevel(trx, body.subjectId, body.level);
      requireFreeCode(await classes.findByCode(body.code), body.code);
      const id = await classes.insert(
        {
          subject_id: body.subjectId,
          level: body.level,
          name: body.name,
          code: body.code,
          registration_start: body.registrationStart ?? null,
          registration_end: body.registrationEnd ?? null,
          exam_start: body.examStart ?? null,
          exam_end: body.examEnd ?? null,
          capacity: body.capacity ?? 0,
          status: body.status ?? 1,
          description: body.description ?? '',
        },
        nowIso(),
      );
      // Whoever sees only their own batches is assigned the one they create, or it would vanish.
      if (!seesEveryClass(viewer)) await classes.setTeachers(id, [viewer.user.id]);
      return { id };
    });
  }

  /**
   * Dates left out keep their value. A batch with students keeps its job type and level (they
   * registered for those) and its capacity cannot drop below their number.
   */
  update(body: UpdateClassBody, viewer: ClassViewer): Promise<void> {
    const subject = { entity: 'subject', id: body.subjectId } as const;
    return saveWithCode(this.db, body.code, subject, async (trx) => {
      const classes = new ClassesRepository(trx);
      const current = await this.visible(classes, body.id, viewer);
      const students = Number(current.student_count ?? 0);
      if (students > 0 && (body.subjectId !== current.subject_id || body.level !== current.level)) {
        throw conflict('classHasStudentsNoMove', { name: current.name, count: students });
      }
      const capacity = body.capacity ?? current.capacity;
      if (capacity > 0 && capacity < students) {
        throw conflict(
          'classCapacityBelowStudents',
          { name: current.name, count: students },
          'capacity',
        );
      }
      await this.checkLevel(trx, body.subjectId, body.level);
      const schedule: Required<ClassSchedule> = {
        registrationStart: pick(body.registrationStart, current.registration_start),
        registrationEnd: pick(body.registrationEnd, current.registration_end),
        examStart: pick(body.examStart, current.exam_start),
        examEnd: pick(body.examEnd, current.exam_end),
      };
      const problem = classScheduleProblem(schedule);
      if (problem) {
        throw invalid(problem.field, 'notBefore', { other: FIELD_LABELS[problem.notBefore] });
      }
      requireFreeCode(await classes.findByCode(body.code), body.code, body.id);
      await classes.update(
        body.id,
        {
          subject_id: body.subjectId,
          level: body.level,
          name: body.name,
          code: body.code,
          registration_start: schedule.registrationStart,
          registration_end: schedule.registrationEnd,
          exam_start: schedule.examStart,
          exam_end: schedule.examEnd,
          capacity,
          status: body.status ?? current.status,
          description: body.description ?? current.description,
        },
        nowIso(),
      );
    });
  }

  delete(id: number, viewer: ClassViewer): Promise<void> {
    return writeInTransaction(this.db, stillInUseAnswer('classes', id), async (trx) => {
      const classes = new ClassesRepository(trx);
      const batch = await this.visible(classes, id, viewer);
      const students = await classes.countStudents(id);
      if (students > 0) {
        throw conflict('classHasStudents', { name: batch.name, count: students });
      }
      for (const check of this.usageChecks) {
        const refusal = await check(trx, { id, name: batch.name });
        if (refusal) throw refusal;
      }
      await classes.delete(id);
    });
  }

  async teachers(classId: number, viewer: ClassViewer): Promise<ClassTeacherView[]> {
    const classes = new ClassesRepository(this.db);
    await this.visible(classes, classId, viewer);
    const rows = await classes.teachersOf(classId);
    return rows.map((row) => ({ id: row.id, name: row.name, nickName: row.nick_name }));
  }

  /** Replaces the batch's teachers; every one must be a user of type teacher (2). */
  bindTeachers(classId: number, userIds: number[], viewer: ClassViewer): Promise<void> {
    const answers = {
      foreignKey: () =>
        new AppError(ApiStatus.NOT_FOUND, 'usersOrBatchNotFound', {
          ids: userIds.join(', '),
          classId,
        }),
    };
    return writeInTransaction(this.db, answers, async (trx) => {
      const classes = new ClassesRepository(trx);
      await this.visible(classes, classId, viewer);
      const users = await classes.usersByIds(userIds);
      const missing = userIds.filter((id) => !users.some((user) => user.id === id));
      if (missing.length > 0) throw notFound('user', missing.join(', '));
      const others = users.filter((user) => user.user_type !== UserType.TEACHER);
      if (others.length > 0) {
        throw invalid('userIds', 'notTeachers', {
          ids: others.map((user) => user.id).join(', '),
        });
      }
      await classes.setTeachers(classId, userIds);
    });
  }

  async teachersForSelect(query: TeacherSelectQuery): Promise<ClassTeacherView[]> {
    const rows = await new ClassesRepository(this.db).teachersForSelect(query, TEACHER_OPTIONS_MAX);
    return rows.map((row) => ({ id: row.id, name: row.name, nickName: row.nick_name }));
  }

  /** A batch the viewer may not see is answered as one that does not exist. */
  private async visible(classes: ClassesRepository, id: number, viewer: ClassViewer) {
    return existing(await classes.findVisible(id, viewer), 'classes', id);
  }

  private async checkLevel(trx: Db, subjectId: number, level: number) {
    const subject = existing(
      await new SubjectRepository(trx).findById(subjectId),
      'subject',
      subjectId,
    );
    const levels = levelsFromText(subject.levels);
    if (!(levels as number[]).includes(level)) {
      throw invalid('level', 'subjectOffersLevels', {
        name: subject.name,
        levels: levels.join(', '),
      });
    }
  }
}

/** A date the body left out keeps the stored one; null clears it. */
const pick = (given: string | null | undefined, stored: string | null) =>
  given === undefined ? stored : given;
