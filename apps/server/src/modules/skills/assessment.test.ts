import {
  ApiStatus,
  Perm,
  type ListResult,
  type SkillAssessmentListItem,
  type StaffOption,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { AssessmentWorld, BASE, addScheme, addSheet, reviseSheet } from './assessment-test-data.js';

describe('skills assessments: drafts and their rules', () => {
  const w = new AssessmentWorld();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await w.build(t);
  });
  afterAll(() => t.close());

  /** The session at `index` of a valid body, with `fields` changed. */
  const session = (index: number, fields: Record<string, unknown>) => {
    const sessions = w.body().sessions;
    sessions[index] = { ...sessions[index]!, ...fields };
    return { sessions };
  };
  const refused = async (fields: Record<string, unknown>, status: number, message: RegExp) =>
    expectStatus(await w.add(fields), status as 10002, message);

  it('adds a draft with the defaults and the sheet frozen, and reads it back whole', async () => {
    const { id } = expectOk(await w.add());
    const view = await w.get(id);
    expect(view).toMatchObject({
      name: 'Electrician level 5, practical',
      status: 'draft',
      sheetId: w.sheetId,
      sheetVersionId: w.versionId,
      sheetVersion: 1,
      subjectId: w.subjectId,
      level: 5,
      examinersPerCandidate: 2,
      tolerance: 10,
      timeLimitMinutes: 30,
      fullScore: 60,
      schemeId: null,
      schemeComponentId: null,
      chief: { id: w.chiefId, name: 'Chief' },
      checker: { id: w.chiefId, name: 'Chief' },
      studentCount: 8,
      capacity: 7,
      candidateCount: 0,
      sessionCount: 2,
      startsAt: '2030-06-01T01:00:00.000Z',
    });
    expect(view.classes).toEqual([
      { id: w.batchA, name: 'Spring batch', studentCount: 5 },
      { id: w.batchB, name: 'Summer batch', studentCount: 3 },
    ]);
    expect(view.sessions.map((s) => [s.sort, s.place, s.stations, s.turns, s.capacity])).toEqual([
      [1, 'Workshop 1', 2, 2, 4],
      [2, 'Workshop 1', 3, 1, 3],
    ]);
    expect(view.sessions[0]!.stationList[1]).toEqual({
      station: 2,
      examiners: [
        { id: w.examiners[2], name: 'Examiner 3' },
        { id: w.examiners[3], name: 'Examiner 4' },
      ],
      candidateCount: 0,
    });
  });

  it('takes three examiners per candidate and a tolerance in points', async () => {
    const sessions = w
      .body()
      .sessions.map((s) => ({ ...s, examiners: w.stationsOf(s.stations, 3) }));
    sessions[1] = { ...sessions[1]!, stations: 2, examiners: w.stationsOf(2, 3) };
    const { id } = expectOk(await w.add({ examinersPerCandidate: 3, tolerance: 7.5, sessions }));
    expect(await w.get(id)).toMatchObject({ examinersPerCandidate: 3, tolerance: 7.5 });
    expect(
      await t.handle.db
        .selectFrom('skill_assessments')
        .select('tolerance')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ tolerance: 750 });
    await refused({ examinersPerCandidate: 4 }, ApiStatus.INVALID_INPUT, /examinersPerCandidate/);
  });

  it('lists by keyword, job type, level and status, one page', async () => {
    const { id } = expectOk(await w.add({ name: 'Findable practical' }));
    const list = (query: Record<string, string>) =>
      w.admin.get<ListResult<SkillAssessmentListItem>>(`${BASE}/listAssessment`, query);
    const found = expectOk(await list({ keyword: 'findable' }));
    expect(found.total).toBe(1);
    expect(found.list[0]).toMatchObject({ id, sheetName: 'Sheet of level 5', status: 'draft' });
    expect(
      expectOk(await list({ subjectId: String(w.subjectId), level: '5' })).total,
    ).toBeGreaterThan(1);
    expect(expectOk(await list({ level: '4' })).total).toBe(0);
    expect(expectOk(await list({ status: 'published', keyword: 'findable' })).total).toBe(0);
    const paged = expectOk(await list({ limit: '1', page: '2' }));
    expect(paged.list).toHaveLength(1);
  });

  it('offers as examiners the staff holding SKILLS-SCORE, as chief or checker those holding SKILLS-CHECK', async () => {
    const staff = async (key: string, keyword = '') =>
      expectOk(
        await w.manager.client.get<StaffOption[]>(
          `${BASE}/listStaffForSelect?key=${key}&keyword=${encodeURIComponent(keyword)}`,
        ),
      ).map((user) => user.id);
    const examiners = await staff(Perm.SKILLS_SCORE);
    expect(examiners).toEqual(expect.arrayContaining([...w.examiners, w.chiefId]));
    expect(examiners).not.toContain(w.plainTeacher.id);
    expect(examiners).not.toContain(w.manager.id);
    const checkers = await staff(Perm.SKILLS_CHECK);
    expect(checkers).toContain(w.chiefId);
    expect(checkers).not.toContain(w.examiners[0]);
    expect(await staff(Perm.SKILLS_SCORE, 'Examiner 3')).toEqual([w.examiners[2]]);
    expectStatus(
      await w.manager.client.get(`${BASE}/listStaffForSelect?key=SYSTEM-USER`),
      ApiStatus.INVALID_INPUT,
    );
  });

  it('refuses a sheet that does not exist', async () => {
    await refused(
      { sheetId: 999_999 },
      ApiStatus.INVALID_INPUT,
      /sheetId: Scoring sheet 999999 not found/,
    );
  });

  it('refuses batches of another level, unknown ones, and none', async () => {
    await refused(
      { classIds: [w.batchA, w.level4Batch] },
      ApiStatus.INVALID_INPUT,
      /classIds: the batch “Level 4 batch” is for .* \(Intermediate\), not the scoring sheet’s .* \(Junior\)/,
    );
    await refused({ classIds: [999_999] }, ApiStatus.INVALID_INPUT, /classIds: .*999999 not found/);
    await refused({ classIds: [] }, ApiStatus.INVALID_INPUT, /classIds/);
  });

  it("takes a scheme's skills component, and refuses a scheme without one or of another level", async () => {
    const db = t.handle.db;
    const good = await addScheme(db, w.subjectId, 5, ['theory', 'skills']);
    const { id } = expectOk(await w.add({ schemeId: good }));
    const view = await w.get(id);
    expect(view.schemeId).toBe(good);
    expect(view.schemeComponentId).toEqual(expect.any(Number));
    const theoryOnly = await addScheme(db, w.subjectId, 4, ['theory']);
    await refused(
      { schemeId: theoryOnly },
      ApiStatus.INVALID_INPUT,
      /schemeId: certification scheme \d+ is for/,
    );
    const level4Sheet = await addSheet(db, { subjectId: w.subjectId, level: 4 });
    await refused(
      { schemeId: theoryOnly, sheetId: level4Sheet.sheetId, classIds: [w.level4Batch] },
      ApiStatus.INVALID_INPUT,
      /has no skills operation component/,
    );
    await refused({ schemeId: 999_999 }, ApiStatus.INVALID_INPUT, /schemeId: .*999999 not found/);
  });

  it('refuses a session that ends before it starts, and sessions overlapping at one place', async () => {
    await refused(
      session(1, { endsAt: '2030-06-01T02:30:00.000Z' }),
      ApiStatus.INVALID_INPUT,
      /session 2: the end must come after the start/,
    );
    await refused(
      session(1, { startsAt: '2030-06-01T01:30:00.000Z' }),
      ApiStatus.INVALID_INPUT,
      /sessions 1 and 2 overlap at “Workshop 1”/,
    );
    // The same hours at another place are two workshops working side by side, with their own
    // examiners: one cannot be in both.
    const sideBySide = {
      startsAt: '2030-06-01T01:30:00.000Z',
      endsAt: '2030-06-01T02:00:00.000Z',
      place: 'Lab 2',
      stations: 1,
    };
    const [first, , , , fifth, sixth] = w.examiners;
    expectOk(
      await w.add(
        session(1, { ...sideBySide, examiners: [{ station: 1, userIds: [fifth, sixth] }] }),
      ),
    );
    await refused(
      session(1, { ...sideBySide, examiners: [{ station: 1, userIds: [fifth, first] }] }),
      ApiStatus.INVALID_INPUT,
      /the examiner Examiner 1 is named in sessions 1 and 2, which overlap in time/,
    );
  });

  it('refuses stations without exactly the examiners asked, out of range or listed twice', async () => {
    const twoStations = w.stationsOf(2);
    await refused(
      session(0, { examiners: [twoStations[0]] }),
      ApiStatus.INVALID_INPUT,
      /session 1, station 2: 0 examiners named, 2 needed/,
    );
    await refused(
      session(0, { examiners: [twoStations[0], { station: 2, userIds: [w.examiners[2]] }] }),
      ApiStatus.INVALID_INPUT,
      /session 1, station 2: 1 examiners named, 2 needed/,
    );
    await refused(
      session(0, {
        examiners: [...twoStations, { station: 3, userIds: [w.examiners[6], w.examiners[7]] }],
      }),
      ApiStatus.INVALID_INPUT,
      /session 1 has no station 3 \(it has 2\)/,
    );
    await refused(
      session(0, { examiners: [twoStations[0], twoStations[0]] }),
      ApiStatus.INVALID_INPUT,
      /session 1: station 1 is listed twice/,
    );
  });

  it('refuses an examiner named twice at a station or at two stations of a session', async () => {
    const [a, b, c] = w.examiners;
    await refused(
      session(0, {
        examiners: [
          { station: 1, userIds: [a, a] },
          { station: 2, userIds: [b, c] },
        ],
      }),
      ApiStatus.INVALID_INPUT,
      /session 1, station 1: the examiner Examiner 1 is named twice/,
    );
    await refused(
      session(0, {
        examiners: [
          { station: 1, userIds: [a, b] },
          { station: 2, userIds: [c, a] },
        ],
      }),
      ApiStatus.INVALID_INPUT,
      /session 1: the examiner Examiner 1 is named at stations 1 and 2/,
    );
  });

  it('refuses examiners without SKILLS-SCORE, a chief or checker without SKILLS-CHECK, unknown users', async () => {
    const [a, , c, d] = w.examiners;
    await refused(
      session(0, {
        examiners: [
          { station: 1, userIds: [a, w.plainTeacher.id] },
          { station: 2, userIds: [c, d] },
        ],
      }),
      ApiStatus.INVALID_INPUT,
      /Plain teacher does not hold the examiner’s permission \(SKILLS-SCORE\)/,
    );
    await refused(
      { chiefId: w.examiners[0] },
      ApiStatus.INVALID_INPUT,
      /chiefId: Examiner 1 does not hold the chief examiner’s and checker’s permission/,
    );
    await refused(
      { checkerId: w.plainTeacher.id },
      ApiStatus.INVALID_INPUT,
      /checkerId: Plain teacher does not hold/,
    );
    await refused(
      { checkerId: 999_999 },
      ApiStatus.INVALID_INPUT,
      /checkerId: User 999999 not found/,
    );
  });

  it('updates a draft and freezes the sheet again; deletes a draft', async () => {
    const { id } = expectOk(await w.add());
    const newVersion = await reviseSheet(t.handle.db, w.sheetId);
    expectOk(
      await w.admin.put(`${BASE}/updateAssessment`, {
        id,
        ...w.body({ name: 'Renamed', classIds: [w.batchA], tolerance: 5 }),
      }),
    );
    expect(await w.get(id)).toMatchObject({
      name: 'Renamed',
      sheetVersionId: newVersion,
      sheetVersion: 2,
      tolerance: 5,
      studentCount: 5,
    });
    expectStatus(
      await w.admin.put(`${BASE}/updateAssessment`, {
        id,
        ...w.body({ chiefId: w.plainTeacher.id }),
      }),
      ApiStatus.INVALID_INPUT,
      /chiefId/,
    );
    expect((await w.get(id)).name).toBe('Renamed');
    expectOk(await w.admin.delete(`${BASE}/deleteAssessment/${id}`));
    expectStatus(await w.admin.get(`${BASE}/getAssessmentById/${id}`), ApiStatus.NOT_FOUND);
    expectStatus(await w.admin.delete(`${BASE}/deleteAssessment/${id}`), ApiStatus.NOT_FOUND);
  });

  it('refuses users without SKILLS-MANAGE (10001), and a student', async () => {
    const examiner = await signedInTeacher(t.app, w.admin, [Perm.SKILLS, Perm.SKILLS_SCORE]);
    expectStatus(await examiner.client.get(`${BASE}/listAssessment`), ApiStatus.FORBIDDEN);
    expectStatus(
      await examiner.client.post(`${BASE}/addAssessment`, w.body()),
      ApiStatus.FORBIDDEN,
    );
    const student = await w.studentClient(w.ticketsA[0]!);
    expectStatus(await student.get(`${BASE}/listAssessment`), ApiStatus.FORBIDDEN);
  });
});
