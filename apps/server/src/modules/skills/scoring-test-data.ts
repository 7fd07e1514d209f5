import {
  RoleKey,
  SKILLS_CHECK_BASE,
  SKILLS_SCORING_BASE,
  UserType,
  type SheetSnapshot,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { DEFAULT_PASSWORD, login, type Client, type TestApp } from '../../../test/build-app.js';
import { addStudents } from '../../../test/exams.js';
import { addUser, expectOk, roleIdOf } from '../../../test/factories.js';
import { createBatch } from '../base/test-data.js';

/**
 * Test world of the examiners' sheets: a published assessment on a frozen sheet version, written
 * straight to the database (the sheets and assessments parts build them through their own API).
 */

export const SCORING = SKILLS_SCORING_BASE;
export const CHECK = SKILLS_CHECK_BASE;

/** Item ids of SNAPSHOT. */
export const ITEM = { award40: 101, award30: 102, deduct30: 103, veto: 104 } as const;

/**
 * 60 minutes, 1 point per minute over, stopped 10 minutes over; rounded to whole points;
 * 100 points: award 40 + award 30 + deduct 30, and a veto item.
 */
export const SNAPSHOT: SheetSnapshot = {
  sheet: {
    id: 1,
    subjectId: 0,
    subjectName: 'Lathe',
    level: 5,
    name: 'Lathe operation',
    timeLimitMinutes: 60,
    overtimePointsPerMinute: 100,
    overtimeStopMinutes: 10,
    step: 100,
  },
  fullScore: 10000,
  tasks: [
    {
      id: 11,
      title: 'Turning',
      knowId: null,
      knowCode: null,
      knowName: null,
      items: [
        {
          id: ITEM.award40,
          what: 'Diameter',
          criteria: '±0.02',
          points: 4000,
          veto: false,
          mode: 'award',
        },
        {
          id: ITEM.award30,
          what: 'Finish',
          criteria: 'Ra 1.6',
          points: 3000,
          veto: false,
          mode: 'award',
        },
      ],
    },
    {
      id: 12,
      title: 'Safety',
      knowId: null,
      knowCode: null,
      knowName: null,
      items: [
        {
          id: ITEM.deduct30,
          what: 'Procedure',
          criteria: '-5 per fault',
          points: 3000,
          veto: false,
          mode: 'deduct',
        },
        {
          id: ITEM.veto,
          what: 'Injury or damage',
          criteria: 'stops the task',
          points: 0,
          veto: true,
          mode: 'award',
        },
      ],
    },
  ],
};

export interface Person {
  id: number;
  client: Client;
}

export interface SkillsWorld {
  assessmentId: number;
  sessionId: number;
  /** Candidates at station 1 of the session (examined by `examiners`). */
  candidates: number[];
  /** A candidate at station 2 of the same session (examined by `other`). */
  otherStation: number;
  /** A candidate of another session (examined by `other`). */
  otherSession: number;
  examiners: Person[];
  other: Person;
  chief: Person;
  checker: Person;
}

async function person(t: TestApp, admin: Client, roleId: number): Promise<Person> {
  const user = await addUser(admin, { userType: UserType.TEACHER, roleIds: [roleId] });
  return {
    id: user.id,
    client: await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER),
  };
}

/** A published assessment on a frozen version of SNAPSHOT; its id. */
export async function addSkillAssessment(
  db: Db,
  options: {
    subjectId: number;
    chiefId: number;
    checkerId: number;
    examiners?: number;
    tolerance?: number;
  },
): Promise<number> {
  const at = new Date().toISOString();
  const sheet = await db
    .insertInto('skill_sheets')
    .values({
      subject_id: options.subjectId,
      level: 5,
      name: SNAPSHOT.sheet.name,
      time_limit_minutes: SNAPSHOT.sheet.timeLimitMinutes,
      version: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('skill_sheet_versions')
    .values({
      sheet_id: sheet.id,
      version: 1,
      snapshot: JSON.stringify({
        ...SNAPSHOT,
        sheet: { ...SNAPSHOT.sheet, id: sheet.id, subjectId: options.subjectId },
      }),
      full_score: SNAPSHOT.fullScore,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assessment = await db
    .insertInto('skill_assessments')
    .values({
      name: 'Lathe, level 5',
      sheet_version_id: version.id,
      examiners_per_candidate: options.examiners ?? 2,
      tolerance: options.tolerance ?? 1000,
      chief_id: options.chiefId,
      checker_id: options.checkerId,
      status: 'published',
      published_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return assessment.id;
}

/** A session of two stations and its examiners; its id. */
export async function addSkillSession(
  db: Db,
  assessmentId: number,
  sort: number,
  examiners: { station: number; userId: number }[],
): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('skill_sessions')
    .values({
      assessment_id: assessmentId,
      sort,
      starts_at: at,
      ends_at: at,
      place: `Workshop ${sort}`,
      stations: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('skill_session_examiners')
    .values(examiners.map((e) => ({ session_id: id, station: e.station, user_id: e.userId })))
    .execute();
  return id;
}

/** A candidate (a student of the batch) at a station; its id. */
export async function addSkillCandidate(
  db: Db,
  c: {
    assessmentId: number;
    sessionId: number;
    station: number;
    turn: number;
    studentId: number;
    classId: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('skill_candidates')
    .values({
      assessment_id: c.assessmentId,
      session_id: c.sessionId,
      station: c.station,
      turn: c.turn,
      student_id: c.studentId,
      class_id: c.classId,
      ticket_number: `S-${c.studentId}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function skillsWorld(
  t: TestApp,
  admin: Client,
  options: { examiners?: number; tolerance?: number; candidates?: number } = {},
): Promise<SkillsWorld> {
  const db = t.handle.db;
  const batch = await createBatch(db);
  const count = options.candidates ?? 4;
  const students = await addStudents(db, batch.classId, count + 2);
  const examinerRole = await roleIdOf(admin, RoleKey.SKILL_EXAMINER);
  const chiefRole = await roleIdOf(admin, RoleKey.SKILL_CHIEF);
  const examiners: Person[] = [];
  for (let i = 0; i < (options.examiners ?? 2); i++) {
    examiners.push(await person(t, admin, examinerRole));
  }
  const other = await person(t, admin, examinerRole);
  const chief = await person(t, admin, chiefRole);
  const checker = await person(t, admin, chiefRole);
  const assessmentId = await addSkillAssessment(db, {
    subjectId: batch.subjectId,
    chiefId: chief.id,
    checkerId: checker.id,
    examiners: examiners.length,
    tolerance: options.tolerance,
  });
  const sessionId = await addSkillSession(db, assessmentId, 1, [
    ...examiners.map((e) => ({ station: 1, userId: e.id })),
    { station: 2, userId: other.id },
  ]);
  const secondId = await addSkillSession(db, assessmentId, 2, [{ station: 1, userId: other.id }]);
  const candidate = (studentId: number, sessionOf: number, station: number, turn: number) =>
    addSkillCandidate(db, {
      assessmentId,
      sessionId: sessionOf,
      station,
      turn,
      studentId,
      classId: batch.classId,
    });
  const candidates: number[] = [];
  for (let i = 0; i < count; i++)
    candidates.push(await candidate(students[i]!, sessionId, 1, i + 1));
  const otherStation = await candidate(students[count]!, sessionId, 2, 1);
  const otherSession = await candidate(students[count + 1]!, secondId, 1, 1);
  return {
    assessmentId,
    sessionId,
    candidates,
    otherStation,
    otherSession,
    examiners,
    other,
    chief,
    checker,
  };
}

/** Points per item, as an examiner's device sends them (seq 1 unless told). */
export const scores = (points: Partial<Record<number, number>>, seq = 1) =>
  Object.entries(points).map(([itemId, value]) => ({
    itemId: Number(itemId),
    points: value ?? null,
    vetoHit: false,
    note: '',
    seq,
  }));

/** An examiner scores the candidate's non-veto items (veto: hits the veto item) and signs. */
export async function scoreAndSign(
  examiner: Person,
  candidateId: number,
  points: { award40: number; award30: number; deduct30: number },
  veto = false,
) {
  const body = {
    candidateId,
    scores: [
      ...scores({
        [ITEM.award40]: points.award40,
        [ITEM.award30]: points.award30,
        [ITEM.deduct30]: points.deduct30,
      }),
      ...(veto ? [{ itemId: ITEM.veto, points: null, vetoHit: true, note: 'cut', seq: 1 }] : []),
    ],
  };
  expectOk(await examiner.client.post(`${SCORING}/saveItemScores`, body));
  return expectOk(
    await examiner.client.post<{ mine: { total: number | null; vetoHit: boolean } }>(
      `${SCORING}/signSheet/${candidateId}`,
    ),
  );
}
