import {
  ApiStatus,
  SKILL_CANDIDATE_BASE,
  type ListResult,
  type MySkillAssessmentView,
  type SkillAssessmentListItem,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { seatsInOrder } from './assessment-publish.js';
import { AssessmentWorld, BASE, setSheetTimeLimit } from './assessment-test-data.js';

describe('skills assessments: publishing, row scope and the admission notices', () => {
  const w = new AssessmentWorld();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await w.build(t);
  });
  afterAll(() => t.close());

  const seats = (id: number) =>
    t.handle.db
      .selectFrom('skill_candidates as c')
      .innerJoin('skill_sessions as s', 's.id', 'c.session_id')
      .select(['c.ticket_number', 's.sort', 'c.turn', 'c.station', 'c.student_id', 'c.class_id'])
      .where('c.assessment_id', '=', id)
      .orderBy('c.ticket_number')
      .execute();

  it('fills session 1 turn by turn, station by station, then session 2', () => {
    expect(
      seatsInOrder([
        { turns: 2, stations: 2 },
        { turns: 1, stations: 3 },
      ]),
    ).toEqual([
      { session: 0, turn: 1, station: 1 },
      { session: 0, turn: 1, station: 2 },
      { session: 0, turn: 2, station: 1 },
      { session: 0, turn: 2, station: 2 },
      { session: 1, turn: 1, station: 1 },
      { session: 1, turn: 1, station: 2 },
      { session: 1, turn: 1, station: 3 },
    ]);
  });

  it('refuses to publish when the seats are too few, saying how many are missing; nothing is written', async () => {
    const { id } = expectOk(await w.add());
    expectStatus(
      await w.publish(id),
      ApiStatus.CONFLICT,
      /the sessions seat 7 candidates but the batches have 8: 1 places are missing/,
    );
    expect(await seats(id)).toHaveLength(0);
    expect((await w.get(id)).status).toBe('draft');
  });

  it('seats every enabled student in ticket order: session, turn, station', async () => {
    const id = await w.addSeatable();
    expect(expectOk(await w.publish(id))).toEqual({ candidates: 8 });
    const rows = await seats(id);
    // Batch B's tickets (K0-…) come before batch A's (K1-…); the disabled K2- student is left out.
    expect(rows.map((r) => [r.ticket_number, r.sort, r.turn, r.station])).toEqual([
      ['K0-00001', 1, 1, 1],
      ['K0-00002', 1, 1, 2],
      ['K0-00003', 1, 2, 1],
      ['K1-00001', 1, 2, 2],
      ['K1-00002', 2, 1, 1],
      ['K1-00003', 2, 1, 2],
      ['K1-00004', 2, 1, 3],
      ['K1-00005', 2, 1, 4],
    ]);
    expect(rows[0]).toMatchObject({ student_id: w.studentsB[0], class_id: w.batchB });
    expect(rows[3]).toMatchObject({ student_id: w.studentsA[0], class_id: w.batchA });
    const view = await w.get(id);
    expect(view).toMatchObject({ status: 'published', candidateCount: 8, capacity: 8 });
    expect(view.publishedAt).toEqual(expect.any(String));
    expect(view.sessions[0]!.stationList.map((s) => s.candidateCount)).toEqual([2, 2]);
    expect(view.sessions[1]!.stationList.map((s) => s.candidateCount)).toEqual([1, 1, 1, 1]);
  });

  it('seats by the frozen version: a time limit changed on the sheet afterwards does not count', async () => {
    const id = await w.addSeatable({ name: 'Frozen limit practical' });
    await setSheetTimeLimit(w.db, w.sheetId, 60);
    try {
      expectOk(await w.publish(id));
      // 30 minutes as frozen: two turns in session 1's hour (60 minutes would give one).
      expect((await seats(id)).map((r) => [r.sort, r.turn])).toEqual([
        [1, 1],
        [1, 1],
        [1, 2],
        [1, 2],
        [2, 1],
        [2, 1],
        [2, 1],
        [2, 1],
      ]);
      const notices = await (
        await w.studentClient('K1-00001')
      ).get<MySkillAssessmentView[]>(`${SKILL_CANDIDATE_BASE}/listMyAssessments`);
      expect(expectOk(notices).find((row) => row.name === 'Frozen limit practical')).toMatchObject({
        timeLimitMinutes: 30,
        turn: 2,
        turnStartsAt: '2030-06-01T01:30:00.000Z',
      });
    } finally {
      await setSheetTimeLimit(w.db, w.sheetId, 30);
    }
  });

  it('refuses a second publish, changes and deletion once published; closes once', async () => {
    const id = await w.addSeatable();
    expectOk(await w.publish(id));
    expectStatus(await w.publish(id), ApiStatus.CONFLICT, /is already published/);
    expect(await seats(id)).toHaveLength(8);
    expectStatus(
      await w.admin.put(`${BASE}/updateAssessment`, { id, ...w.body({}, 4) }),
      ApiStatus.CONFLICT,
      /no longer a draft/,
    );
    expectStatus(
      await w.admin.delete(`${BASE}/deleteAssessment/${id}`),
      ApiStatus.CONFLICT,
      /no longer a draft/,
    );
    expectOk(await w.admin.post(`${BASE}/closeAssessment/${id}`));
    expect((await w.get(id)).status).toBe('closed');
    expectStatus(
      await w.admin.post(`${BASE}/closeAssessment/${id}`),
      ApiStatus.CONFLICT,
      /not published/,
    );
    expectStatus(await w.publish(id), ApiStatus.CONFLICT, /no longer a draft/);
    const draft = await w.addSeatable();
    expectStatus(
      await w.admin.post(`${BASE}/closeAssessment/${draft}`),
      ApiStatus.CONFLICT,
      /not published/,
    );
  });

  it('two publishes at once: one seats the candidates, the other is refused', async () => {
    const id = await w.addSeatable();
    const results = await Promise.all([w.publish(id), w.publish(id)]);
    expect(results.map((r) => r.body.status).sort((x, y) => x - y)).toEqual([
      200,
      ApiStatus.CONFLICT,
    ]);
    expect(await seats(id)).toHaveLength(8);
  });

  it('checks the examiners again at publishing: one who lost the key is named', async () => {
    const id = await w.addSeatable();
    const userId = w.examiners[7]!;
    const roles = await t.handle.db
      .selectFrom('user_roles')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    await t.handle.db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    try {
      expectStatus(
        await w.publish(id),
        ApiStatus.INVALID_INPUT,
        /Examiner 8 does not hold the examiner’s permission/,
      );
      expect(await seats(id)).toHaveLength(0);
    } finally {
      await t.handle.db.insertInto('user_roles').values(roles).execute();
    }
  });

  it('a manager of batch A sees and changes only assessments wholly of his batches', async () => {
    const m = w.manager.client;
    const onlyA = expectOk(
      await w.add({ classIds: [w.batchA], name: 'Batch A practical' }, 3, m),
    ).id;
    const onlyB = await w.addSeatable({ classIds: [w.batchB], name: 'Batch B practical' });
    const both = await w.addSeatable({ name: 'Both batches practical' });
    const list = expectOk(
      await m.get<ListResult<SkillAssessmentListItem>>(`${BASE}/listAssessment`, { limit: '100' }),
    );
    const names = list.list.map((row) => row.name);
    expect(names).toContain('Batch A practical');
    expect(names).toContain('Both batches practical');
    expect(names).not.toContain('Batch B practical');
    expect(list.list.every((row) => row.id !== onlyB)).toBe(true);
    expectStatus(await m.get(`${BASE}/getAssessmentById/${onlyB}`), ApiStatus.NOT_FOUND);
    expectStatus(await m.post(`${BASE}/publishAssessment/${onlyB}`), ApiStatus.NOT_FOUND);
    expectStatus(await m.delete(`${BASE}/deleteAssessment/${onlyB}`), ApiStatus.NOT_FOUND);
    expect((await w.get(both, m)).name).toBe('Both batches practical');
    expectStatus(
      await m.post(`${BASE}/publishAssessment/${both}`),
      ApiStatus.FORBIDDEN,
      /has batches not assigned to you/,
    );
    expectStatus(
      await m.put(`${BASE}/updateAssessment`, { id: both, ...w.body({ classIds: [w.batchA] }) }),
      ApiStatus.FORBIDDEN,
    );
    expectStatus(await m.post(`${BASE}/closeAssessment/${both}`), ApiStatus.FORBIDDEN);
    expectStatus(
      await w.add({}, 3, m),
      ApiStatus.FORBIDDEN,
      /“Summer batch” is not assigned to you/,
    );
    expectStatus(
      await m.put(`${BASE}/updateAssessment`, {
        id: onlyA,
        ...w.body({ classIds: [w.batchA, w.batchB] }),
      }),
      ApiStatus.FORBIDDEN,
    );
    expectOk(
      await m.put(`${BASE}/updateAssessment`, {
        id: onlyA,
        ...w.body({ classIds: [w.batchA], name: 'A, renamed' }),
      }),
    );
    expect(expectOk(await w.publish(onlyA, m))).toEqual({ candidates: 5 });
  });

  it("a student's notices: their own seats in published assessments only, with their turn's start", async () => {
    const published = await w.addSeatable({ name: 'Notice practical' });
    expectOk(await w.publish(published));
    await w.addSeatable({ name: 'Draft practical' });
    const closed = await w.addSeatable({ name: 'Closed practical' });
    expectOk(await w.publish(closed));
    expectOk(await w.admin.post(`${BASE}/closeAssessment/${closed}`));
    const onlyB = await w.addSeatable({ classIds: [w.batchB], name: 'Others practical' });
    expectOk(await w.publish(onlyB));

    const mine = async (ticket: string) =>
      expectOk(
        await (
          await w.studentClient(ticket)
        ).get<MySkillAssessmentView[]>(`${SKILL_CANDIDATE_BASE}/listMyAssessments`),
      );
    // K1-00001 is the fourth in ticket order: session 1, turn 2, station 2.
    const first = (await mine('K1-00001')).filter((row) => row.name === 'Notice practical');
    expect(first).toEqual([
      {
        assessmentId: published,
        name: 'Notice practical',
        subjectName: expect.any(String),
        level: 5,
        sessionStartsAt: '2030-06-01T01:00:00.000Z',
        sessionEndsAt: '2030-06-01T02:00:00.000Z',
        turn: 2,
        turnStartsAt: '2030-06-01T01:30:00.000Z',
        timeLimitMinutes: 30,
        place: 'Workshop 1',
        station: 2,
        ticketNumber: 'K1-00001',
      },
    ]);
    const names = (await mine('K1-00005')).map((row) => row.name);
    expect(names).toContain('Notice practical');
    expect(names).not.toContain('Draft practical');
    expect(names).not.toContain('Closed practical');
    expect(names).not.toContain('Others practical');
    const last = (await mine('K1-00005')).find((row) => row.name === 'Notice practical');
    expect(last).toMatchObject({ turn: 1, station: 4, turnStartsAt: '2030-06-01T03:00:00.000Z' });
    // Staff have no notices to read.
    expectStatus(
      await w.admin.get(`${SKILL_CANDIDATE_BASE}/listMyAssessments`),
      ApiStatus.FORBIDDEN,
    );
  });
});
