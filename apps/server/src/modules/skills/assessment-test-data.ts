import {
  Perm,
  RoleKey,
  SKILL_ASSESSMENT_BASE,
  UserType,
  type SkillAssessmentView,
} from '@kaoshi/shared';
import { DEFAULT_PASSWORD, login, type Client, type TestApp } from '../../../test/build-app.js';
import { addUser, createRole, expectOk, roleIdOf } from '../../../test/factories.js';
import { addStudents } from '../../../test/exams.js';
import type { Db } from '../../db/database.js';
import { addSignableStudents } from '../attempt/test-data.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { createStructure } from '../question/test-data.js';
import { versionOf } from './sheet-version.js';

/**
 * The assessment tests' world: a level-5 job type with a scoring sheet of one task and two items
 * (30 minutes, frozen as version 1 by the sheets part's versionOf), batch A
 * (5 students who can sign in, tickets K1-00001…, and a disabled one) and batch B (3 students,
 * tickets K0-…, so they come first in ticket order), a level-4 batch, 8 examiners, a chief
 * examiner, a teacher holding no skills key, and a manager of batch A only.
 */

export const BASE = SKILL_ASSESSMENT_BASE;
export const PASSWORD = 'Student-pass-1';
const at = () => new Date().toISOString();

/** A scoring sheet (with a task and two items) and its frozen version 1. */
export async function addSheet(
  db: Db,
  fields: { subjectId: number; level: number; timeLimit?: number },
) {
  const sheet = await db
    .insertInto('skill_sheets')
    .values({
      subject_id: fields.subjectId,
      level: fields.level,
      name: `Sheet of level ${fields.level}`,
      time_limit_minutes: fields.timeLimit ?? 30,
      created_at: at(),
      updated_at: at(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const task = await db
    .insertInto('skill_sheet_tasks')
    .values({ sheet_id: sheet.id, sort: 1, title: 'Wire a lighting circuit' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('skill_sheet_items')
    .values([
      {
        sheet_id: sheet.id,
        task_id: task.id,
        sort: 1,
        what: 'Layout',
        criteria: '−5 per fault',
        veto: 0,
        points: 6000,
      },
      {
        sheet_id: sheet.id,
        task_id: task.id,
        sort: 2,
        what: 'Safety',
        criteria: 'Live work',
        points: 0,
        veto: 1,
      },
    ])
    .execute();
  const versionId = (await versionOf(db, sheet.id, 0)).id;
  return { sheetId: sheet.id, versionId };
}

/**
 * The sheet changed (an item's criteria) and frozen again, as the sheets part does when an
 * assessment is saved; the new version's id.
 */
export async function reviseSheet(db: Db, sheetId: number): Promise<number> {
  await db
    .updateTable('skill_sheet_items')
    .set({ criteria: 'Revised' })
    .where('sheet_id', '=', sheetId)
    .where('sort', '=', 1)
    .execute();
  return (await versionOf(db, sheetId, 0)).id;
}

/** The sheet's time limit changed in place (not frozen), as editing the sheet does. */
export async function setSheetTimeLimit(db: Db, sheetId: number, minutes: number) {
  await db
    .updateTable('skill_sheets')
    .set({ time_limit_minutes: minutes })
    .where('id', '=', sheetId)
    .execute();
}

/** A certification scheme of the job type and level, with the given component kinds. */
export async function addScheme(db: Db, subjectId: number, level: number, kinds: string[]) {
  const scheme = await db
    .insertInto('cert_schemes')
    .values({ subject_id: subjectId, level, created_at: at(), updated_at: at() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (kinds.length > 0) {
    await db
      .insertInto('cert_scheme_components')
      .values(kinds.map((kind, i) => ({ scheme_id: scheme.id, kind, sort: i })))
      .execute();
  }
  return scheme.id;
}

export class AssessmentWorld {
  t!: TestApp;
  db!: Db;
  admin!: Client;
  subjectId!: number;
  sheetId!: number;
  versionId!: number;
  batchA!: number;
  batchB!: number;
  level4Batch!: number;
  studentsA!: number[];
  studentsB!: number[];
  ticketsA!: string[];
  examiners!: number[];
  chiefId!: number;
  plainTeacher!: { id: number; name: string };
  manager!: { id: number; client: Client };

  async build(t: TestApp): Promise<this> {
    this.t = t;
    const db = (this.db = t.handle.db);
    this.admin = await login(t.app);
    const s = await createStructure(db);
    this.subjectId = s.subjectId;
    const sheet = await addSheet(db, { subjectId: s.subjectId, level: 5 });
    this.sheetId = sheet.sheetId;
    this.versionId = sheet.versionId!;
    this.batchA = await addClass(db, s.subjectId, { level: 5, name: 'Spring batch' });
    this.batchB = await addClass(db, s.subjectId, { level: 5, name: 'Summer batch' });
    this.level4Batch = await addClass(db, s.subjectId, { level: 4, name: 'Level 4 batch' });
    this.ticketsA = await addSignableStudents(db, this.batchA, 5, {
      prefix: 'K1-',
      password: PASSWORD,
    });
    this.studentsA = (
      await db
        .selectFrom('students')
        .select('id')
        .where('class_id', '=', this.batchA)
        .orderBy('ticket_number')
        .execute()
    ).map((row) => row.id);
    await addStudents(db, this.batchA, 1, { prefix: 'K2-', status: 0 });
    this.studentsB = await addStudents(db, this.batchB, 3, { prefix: 'K0-' });
    const examinerRole = await roleIdOf(this.admin, RoleKey.SKILL_EXAMINER);
    const chiefRole = await roleIdOf(this.admin, RoleKey.SKILL_CHIEF);
    this.examiners = [];
    for (let i = 1; i <= 8; i += 1) {
      const user = await addUser(this.admin, {
        roleIds: [examinerRole],
        nickName: `Examiner ${i}`,
      });
      this.examiners.push(user.id);
    }
    this.chiefId = (await addUser(this.admin, { roleIds: [chiefRole], nickName: 'Chief' })).id;
    this.plainTeacher = await addUser(this.admin, { nickName: 'Plain teacher' });
    const managerRole = await createRole(this.admin, {
      permissionKeys: [Perm.SKILLS, Perm.SKILLS_MANAGE],
    });
    const manager = await addUser(this.admin, {
      userType: UserType.TEACHER,
      roleIds: [managerRole.roleId],
    });
    await assignTeacher(db, this.batchA, manager.id);
    this.manager = {
      id: manager.id,
      client: await login(t.app, manager.name, DEFAULT_PASSWORD, UserType.TEACHER),
    };
    return this;
  }

  /** Examiners for `stations` stations, two each, from the first of the eight. */
  stationsOf = (stations: number, perStation = 2) =>
    Array.from({ length: stations }, (_, i) => ({
      station: i + 1,
      userIds: this.examiners.slice(i * perStation, (i + 1) * perStation),
    }));

  /**
   * A valid body: both batches (8 candidates); session 1 at Workshop 1, one hour (2 turns of the
   * sheet's 30 minutes) at 2 stations; session 2 there later, 30 minutes at `secondStations`
   * stations (3 by default: 7 seats in all, one short).
   */
  body = (fields: Record<string, unknown> = {}, secondStations = 3) => ({
    name: 'Electrician level 5, practical',
    sheetId: this.sheetId,
    classIds: [this.batchA, this.batchB],
    chiefId: this.chiefId,
    checkerId: this.chiefId,
    sessions: [
      {
        startsAt: '2030-06-01T01:00:00.000Z',
        endsAt: '2030-06-01T02:00:00.000Z',
        place: 'Workshop 1',
        stations: 2,
        examiners: this.stationsOf(2),
      },
      {
        startsAt: '2030-06-01T03:00:00.000Z',
        endsAt: '2030-06-01T03:30:00.000Z',
        place: 'Workshop 1',
        stations: secondStations,
        examiners: this.stationsOf(secondStations),
      },
    ],
    ...fields,
  });

  add = (fields: Record<string, unknown> = {}, secondStations = 3, client = this.admin) =>
    client.post<{ id: number }>(`${BASE}/addAssessment`, this.body(fields, secondStations));

  /** A draft that seats all 8 (second session with 4 stations); its id. */
  addSeatable = async (fields: Record<string, unknown> = {}, client = this.admin) =>
    expectOk(await this.add(fields, 4, client)).id;

  get = async (id: number, client = this.admin) =>
    expectOk(await client.get<SkillAssessmentView>(`${BASE}/getAssessmentById/${id}`));

  publish = (id: number, client = this.admin) =>
    client.post<{ candidates: number }>(`${BASE}/publishAssessment/${id}`);

  studentClient = (ticket: string) => login(this.t.app, ticket, PASSWORD, UserType.STUDENT);
}
