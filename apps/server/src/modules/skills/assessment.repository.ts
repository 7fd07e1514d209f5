import { RoleKey, UserType, type ListSkillAssessmentQuery } from '@kaoshi/shared';
import type { Insertable, Selectable } from 'kysely';
import { contains, type Db } from '../../db/database.js';
import type { SkillAssessmentsTable, SkillCandidatesTable } from '../../db/types.js';
import type { visibleSkillAssessments } from '../../lib/access.js';
import { parseJson } from '../../lib/json.js';

export type AssessmentRow = Selectable<SkillAssessmentsTable>;
export type AssessmentValues = Omit<Insertable<SkillAssessmentsTable>, 'id'>;

/** A session as written: its examiners per station. */
export interface SessionValues {
  starts_at: string;
  ends_at: string;
  place: string;
  stations: number;
  examiners: { station: number; userIds: number[] }[];
}

/** Skills assessments, their batches, sessions and examiners, and the candidates publishing seats. */
export class AssessmentRepository {
  constructor(private readonly db: Db) {}

  find(id: number) {
    return this.db
      .selectFrom('skill_assessments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A sheet's job type, level, name and time limit, with its subject's name. */
  sheet(sheetId: number) {
    return this.db
      .selectFrom('skill_sheets')
      .innerJoin('subjects', 'subjects.id', 'skill_sheets.subject_id')
      .select([
        'skill_sheets.id',
        'skill_sheets.name',
        'skill_sheets.subject_id',
        'skill_sheets.level',
        'skill_sheets.time_limit_minutes',
        'subjects.name as subject_name',
      ])
      .where('skill_sheets.id', '=', sheetId)
      .executeTakeFirst();
  }

  /** A frozen version with its sheet's facts; the time limit is the version's, not the sheet's today. */
  async version(versionId: number) {
    const row = await this.db
      .selectFrom('skill_sheet_versions')
      .innerJoin('skill_sheets', 'skill_sheets.id', 'skill_sheet_versions.sheet_id')
      .innerJoin('subjects', 'subjects.id', 'skill_sheets.subject_id')
      .select([
        'skill_sheet_versions.id',
        'skill_sheet_versions.version',
        'skill_sheet_versions.full_score',
        'skill_sheet_versions.sheet_id',
        'skill_sheet_versions.snapshot',
        'skill_sheets.name',
        'skill_sheets.subject_id',
        'skill_sheets.level',
        'subjects.name as subject_name',
      ])
      .where('skill_sheet_versions.id', '=', versionId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { snapshot, ...facts } = row;
    return { ...facts, time_limit_minutes: frozenTimeLimit(snapshot) };
  }

  /** A scheme's job type and level with its skills component's id (null when it has none). */
  scheme(schemeId: number) {
    return this.db
      .selectFrom('cert_schemes')
      .innerJoin('subjects', 'subjects.id', 'cert_schemes.subject_id')
      .leftJoin('cert_scheme_components as c', (join) =>
        join.onRef('c.scheme_id', '=', 'cert_schemes.id').on('c.kind', '=', 'skills'),
      )
      .select([
        'cert_schemes.id',
        'cert_schemes.subject_id',
        'cert_schemes.level',
        'subjects.name as subject_name',
        'c.id as component_id',
      ])
      .where('cert_schemes.id', '=', schemeId)
      .executeTakeFirst();
  }

  schemeOfComponent(componentId: number) {
    return this.db
      .selectFrom('cert_scheme_components')
      .select('scheme_id')
      .where('id', '=', componentId)
      .executeTakeFirst();
  }

  /**
   * The users with the keys their roles grant (one row per user and key; key null without any)
   * and whether one of their roles is SUPER_ADMIN, which holds every key.
   */
  grants(userIds: number[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
      .leftJoin('roles', 'roles.id', 'user_roles.role_id')
      .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
      .leftJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select([
        'users.id',
        'users.name',
        'users.nick_name',
        'roles.key as role_key',
        'permissions.key as permission_key',
      ])
      .where('users.id', 'in', userIds)
      .execute();
  }

  /**
   * Enabled staff holding `key` through a role (a super administrator holds every key), by
   * keyword in the sign-in or display name; at most `limit`, by name.
   */
  staffHolding(key: string, keyword: string | undefined, limit: number) {
    let query = this.db
      .selectFrom('users')
      .select(['users.id', 'users.name', 'users.nick_name'])
      .where('users.status', '=', 1)
      .where('users.user_type', '!=', UserType.STUDENT)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_roles')
            .innerJoin('roles', 'roles.id', 'user_roles.role_id')
            .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
            .leftJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where((inner) =>
              inner.or([
                inner('roles.key', '=', RoleKey.SUPER_ADMIN),
                inner('permissions.key', '=', key),
              ]),
            ),
        ),
      );
    if (keyword) {
      query = query.where((eb) =>
        eb.or([contains('users.name', keyword), contains('users.nick_name', keyword)]),
      );
    }
    return query.orderBy('users.name').limit(limit).execute();
  }

  /** Display names of users. */
  people(userIds: number[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'nick_name'])
      .where('id', 'in', userIds)
      .execute();
  }

  async insert(values: AssessmentValues): Promise<number> {
    const row = await this.db
      .insertInto('skill_assessments')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Partial<AssessmentValues>) {
    await this.db.updateTable('skill_assessments').set(values).where('id', '=', id).execute();
  }

  /**
   * Moves the assessment from `from` to `to` unless another call did first (the row lock on
   * PostgreSQL, the writer lock on SQLite): whether it moved.
   */
  async moveStatus(id: number, from: string, values: Partial<AssessmentValues>) {
    const result = await this.db
      .updateTable('skill_assessments')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(id: number) {
    await this.db.deleteFrom('skill_assessments').where('id', '=', id).execute();
  }

  async classIds(id: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('skill_assessment_classes')
      .select('class_id')
      .where('assessment_id', '=', id)
      .orderBy('class_id')
      .execute();
    return rows.map((row) => row.class_id);
  }

  async setClasses(id: number, classIds: number[]) {
    await this.db.deleteFrom('skill_assessment_classes').where('assessment_id', '=', id).execute();
    if (classIds.length === 0) return;
    await this.db
      .insertInto('skill_assessment_classes')
      .values(classIds.map((classId) => ({ assessment_id: id, class_id: classId })))
      .execute();
  }

  /** Replaces the sessions (their examiners go with them). */
  async setSessions(id: number, sessions: SessionValues[]) {
    await this.db.deleteFrom('skill_sessions').where('assessment_id', '=', id).execute();
    for (const [index, session] of sessions.entries()) {
      const { examiners, ...values } = session;
      const row = await this.db
        .insertInto('skill_sessions')
        .values({ assessment_id: id, sort: index + 1, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = examiners.flatMap(({ station, userIds }) =>
        userIds.map((userId) => ({ session_id: row.id, station, user_id: userId })),
      );
      if (rows.length > 0)
        await this.db.insertInto('skill_session_examiners').values(rows).execute();
    }
  }

  sessions(id: number) {
    return this.db
      .selectFrom('skill_sessions')
      .selectAll()
      .where('assessment_id', '=', id)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  examiners(sessionIds: number[]) {
    if (sessionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('skill_session_examiners')
      .innerJoin('users', 'users.id', 'skill_session_examiners.user_id')
      .select([
        'skill_session_examiners.session_id',
        'skill_session_examiners.station',
        'users.id',
        'users.name',
        'users.nick_name',
      ])
      .where('skill_session_examiners.session_id', 'in', sessionIds)
      .orderBy('skill_session_examiners.station')
      .orderBy('users.id')
      .execute();
  }

  /** The batches with their enabled students' count. */
  classes(id: number) {
    return this.db
      .selectFrom('skill_assessment_classes as ac')
      .innerJoin('classes', 'classes.id', 'ac.class_id')
      .select([
        'classes.id',
        'classes.name',
        (eb) =>
          eb
            .selectFrom('students')
            .select((s) => s.fn.countAll<number>().as('n'))
            .whereRef('students.class_id', '=', 'classes.id')
            .where('students.status', '=', 1)
            .as('student_count'),
      ])
      .where('ac.assessment_id', '=', id)
      .orderBy('classes.id')
      .execute();
  }

  /** Candidates per session and station. */
  seated(id: number) {
    return this.db
      .selectFrom('skill_candidates')
      .select(['session_id', 'station', (eb) => eb.fn.countAll<number>().as('n')])
      .where('assessment_id', '=', id)
      .groupBy(['session_id', 'station'])
      .execute();
  }

  /** The enabled students of the batches in ticket order (ties by id): the order they are seated in. */
  studentsToSeat(classIds: number[]) {
    if (classIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('students')
      .select(['id', 'class_id', 'ticket_number'])
      .where('class_id', 'in', classIds)
      .where('status', '=', 1)
      .orderBy('ticket_number')
      .orderBy('id')
      .execute();
  }

  async insertCandidates(rows: Insertable<SkillCandidatesTable>[]) {
    const CHUNK = 500;
    for (let start = 0; start < rows.length; start += CHUNK) {
      await this.db
        .insertInto('skill_candidates')
        .values(rows.slice(start, start + CHUNK))
        .execute();
    }
  }

  /** The filtered assessments (list filters and the viewer's scope). */
  filtered(query: ListSkillAssessmentQuery, visible: ReturnType<typeof visibleSkillAssessments>) {
    let base = this.db
      .selectFrom('skill_assessments as a')
      .innerJoin('skill_sheet_versions as v', 'v.id', 'a.sheet_version_id')
      .innerJoin('skill_sheets as sh', 'sh.id', 'v.sheet_id');
    if (visible) base = base.where('a.id', 'in', visible);
    if (query.keyword) base = base.where(contains('a.name', query.keyword));
    if (query.subjectId !== undefined) base = base.where('sh.subject_id', '=', query.subjectId);
    if (query.level !== undefined) base = base.where('sh.level', '=', query.level);
    if (query.status !== undefined) base = base.where('a.status', '=', query.status);
    return base;
  }

  /** The count of `filtered` rows and one page of their ids, newest first. */
  async page(base: ReturnType<AssessmentRepository['filtered']>, limit: number, offset: number) {
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select('a.id')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(total), ids: rows.map((row) => row.id) };
  }

  /** What a list row shows. */
  listRows(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('skill_assessments as a')
      .innerJoin('skill_sheet_versions as v', 'v.id', 'a.sheet_version_id')
      .innerJoin('skill_sheets as sh', 'sh.id', 'v.sheet_id')
      .innerJoin('subjects', 'subjects.id', 'sh.subject_id')
      .selectAll('a')
      .select([
        'v.version as sheet_version',
        'v.sheet_id',
        'sh.name as sheet_name',
        'sh.subject_id',
        'sh.level',
        'subjects.name as subject_name',
        (eb) =>
          eb
            .selectFrom('skill_sessions')
            .select((s) => s.fn.countAll<number>().as('n'))
            .whereRef('skill_sessions.assessment_id', '=', 'a.id')
            .as('session_count'),
        (eb) =>
          eb
            .selectFrom('skill_sessions')
            .select((s) => s.fn.min<string>('starts_at').as('m'))
            .whereRef('skill_sessions.assessment_id', '=', 'a.id')
            .as('starts_at'),
        (eb) =>
          eb
            .selectFrom('skill_candidates')
            .select((s) => s.fn.countAll<number>().as('n'))
            .whereRef('skill_candidates.assessment_id', '=', 'a.id')
            .as('candidate_count'),
      ])
      .where('a.id', 'in', ids)
      .execute();
  }

  /** The student's seats in published assessments, soonest first. */
  async mySeats(studentId: number) {
    const rows = await this.db
      .selectFrom('skill_candidates as c')
      .innerJoin('skill_assessments as a', 'a.id', 'c.assessment_id')
      .innerJoin('skill_sessions as s', 's.id', 'c.session_id')
      .innerJoin('skill_sheet_versions as v', 'v.id', 'a.sheet_version_id')
      .innerJoin('skill_sheets as sh', 'sh.id', 'v.sheet_id')
      .innerJoin('subjects', 'subjects.id', 'sh.subject_id')
      .select([
        'a.id as assessment_id',
        'a.name',
        'subjects.name as subject_name',
        'sh.level',
        'v.snapshot',
        's.starts_at',
        's.ends_at',
        's.place',
        'c.station',
        'c.turn',
        'c.ticket_number',
      ])
      .where('c.student_id', '=', studentId)
      .where('a.status', '=', 'published')
      .orderBy('s.starts_at')
      .orderBy('a.id')
      .execute();
    return rows.map(({ snapshot, ...seat }) => ({
      ...seat,
      time_limit_minutes: frozenTimeLimit(snapshot),
    }));
  }

  /** The signed-in user's student row. */
  studentOfUser(userId: number) {
    return this.db
      .selectFrom('students')
      .select(['id'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }
}

/** Whether a grants row set (AssessmentRepository.grants) gives `key` to its user. */
export const holdsKey = (
  rows: { role_key: string | null; permission_key: string | null }[],
  key: string,
) => rows.some((row) => row.role_key === RoleKey.SUPER_ADMIN || row.permission_key === key);

/** The time limit a frozen sheet version was published with (SheetSnapshot JSON). */
function frozenTimeLimit(snapshot: string): number {
  return parseJson<{ sheet: { timeLimitMinutes: number } }>(snapshot, {
    sheet: { timeLimitMinutes: 0 },
  }).sheet.timeLimitMinutes;
}
