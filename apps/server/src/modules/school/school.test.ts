import { Perm, type ListResult, type SchoolOption, type SchoolView } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp, useTestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { DEPARTMENT, SCHOOL, addDepartment, addSchool, uniqueCode } from './structure.fixtures.js';

describe('exam projects (school)', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}) =>
    admin.get<ListResult<SchoolView>>(`${SCHOOL}/listSchool`, { limit: '500', ...query });
  const get = (id: number) => admin.get<SchoolView>(`${SCHOOL}/getSchoolById/${id}`);

  describe('addSchool and getSchoolById', () => {
    it('adds a project with every field and reads it back', async () => {
      const code = uniqueCode('FULL');
      const { id } = expectOk(
        await admin.post<{ id: number }>(`${SCHOOL}/addSchool`, {
          name: '  2025 Electrician certification  ',
          code,
          organiser: 'City Vocational Skills Centre',
          contact: 'Ms Li 010-12345678',
          description: 'Spring session',
          status: 0,
          sort: 7,
        }),
      );
      expect(expectOk(await get(id))).toEqual({
        id,
        name: '2025 Electrician certification',
        code,
        organiser: 'City Vocational Skills Centre',
        contact: 'Ms Li 010-12345678',
        description: 'Spring session',
        status: 0,
        sort: 7,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      });
    });

    it('fills the optional fields: active, sort 0, empty texts', async () => {
      const school = await addSchool(admin);
      expect(expectOk(await get(school.id))).toMatchObject({
        organiser: '',
        contact: '',
        description: '',
        status: 1,
        sort: 0,
      });
    });

    it('refuses a duplicate code with 10004 naming code', async () => {
      const school = await addSchool(admin);
      expectStatus(
        await admin.post(`${SCHOOL}/addSchool`, { name: 'Again', code: school.code }),
        10004,
        new RegExp(`^code: .*${school.code}`),
      );
    });

    it('answers concurrent adds of one code with one project and 10004 for the rest', async () => {
      const code = uniqueCode('RACE');
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          admin.post(`${SCHOOL}/addSchool`, { name: `Racer ${i}`, code }),
        ),
      );
      const statuses = results.map((result) => result.body.status).sort((a, b) => b - a);
      expect(statuses).toEqual([10004, 10004, 10004, 10004, 10004, 200]);
      for (const result of results.filter((r) => r.body.status !== 200)) {
        expectStatus(result, 10004, /^code:/);
      }
      expect(expectOk(await list({ keyword: code })).total).toBe(1);
    });

    it.each([
      [{ name: '' }, /name/],
      [{ name: 'x'.repeat(101) }, /name/],
      [{ code: '' }, /code/],
      [{ code: 'has space' }, /code/],
      [{ code: '中文' }, /code/],
      [{ code: "x';drop" }, /code/],
      [{ code: 'X'.repeat(33) }, /code/],
      [{ organiser: 'x'.repeat(101) }, /organiser/],
      [{ contact: 'x'.repeat(101) }, /contact/],
      [{ description: 'x'.repeat(1001) }, /description/],
      [{ status: 2 }, /status/],
      [{ sort: -1 }, /sort/],
      [{ sort: 1.5 }, /sort/],
    ])('refuses %o with 10002 naming the field', async (fields, names) => {
      const before = expectOk(await list()).total;
      expectStatus(
        await admin.post(`${SCHOOL}/addSchool`, {
          name: 'Bad',
          code: uniqueCode('BAD'),
          ...fields,
        }),
        10002,
        names,
      );
      expect(expectOk(await list()).total).toBe(before);
    });

    it('answers an unknown id with 10003 naming the project', async () => {
      expectStatus(await get(999999), 10003, /Exam project 999999 not found/);
      expectStatus(await admin.get(`${SCHOOL}/getSchoolById/abc`), 10002, /id/);
    });
  });

  describe('listSchool', () => {
    let tag: string;
    let ids: { a: number; b: number; c: number };
    beforeAll(async () => {
      tag = uniqueCode('LIST').toLowerCase();
      const a = await addSchool(admin, { name: `Beta ${tag}`, code: `${tag}-x1`, sort: 2 });
      const b = await addSchool(admin, { name: `Alpha ${tag}`, code: `${tag}-x2`, sort: 1 });
      const c = await addSchool(admin, {
        name: `Gamma ${tag}`,
        code: `${tag}-x3`,
        sort: 1,
        status: 0,
      });
      ids = { a: a.id, b: b.id, c: c.id };
    });

    const idsOf = (result: ListResult<SchoolView>) => result.list.map((s) => s.id);

    it('filters by keyword (name or code, any case) and by status', async () => {
      expect(idsOf(expectOk(await list({ keyword: tag.toUpperCase() })))).toEqual([
        ids.b,
        ids.c,
        ids.a,
      ]);
      expect(idsOf(expectOk(await list({ keyword: `${tag}-X2` })))).toEqual([ids.b]);
      expect(idsOf(expectOk(await list({ keyword: `alpha ${tag}` })))).toEqual([ids.b]);
      expect(idsOf(expectOk(await list({ keyword: tag, status: '0' })))).toEqual([ids.c]);
      expect(idsOf(expectOk(await list({ keyword: tag, status: '1' })))).toEqual([ids.b, ids.a]);
      expect(expectOk(await list({ keyword: tag, status: '' })).total).toBe(3);
    });

    it('sorts by sort then id, or by a whitelisted field in either order', async () => {
      expect(idsOf(expectOk(await list({ keyword: tag, orderBy: 'name' })))).toEqual([
        ids.b,
        ids.a,
        ids.c,
      ]);
      expect(idsOf(expectOk(await list({ keyword: tag, orderBy: 'name', order: 'desc' })))).toEqual(
        [ids.c, ids.a, ids.b],
      );
      expect(idsOf(expectOk(await list({ keyword: tag, orderBy: 'code' })))).toEqual([
        ids.a,
        ids.b,
        ids.c,
      ]);
      expect(idsOf(expectOk(await list({ keyword: tag, order: 'desc' })))).toEqual([
        ids.a,
        ids.c,
        ids.b,
      ]);
      expect(idsOf(expectOk(await list({ keyword: tag, orderBy: 'createdAt' })))).toEqual([
        ids.a,
        ids.b,
        ids.c,
      ]);
    });

    it('refuses an ordering outside the whitelist', async () => {
      expectStatus(await list({ orderBy: 'password' }), 10002, /orderBy/);
      expectStatus(await list({ orderBy: 'name; drop table schools' }), 10002, /orderBy/);
      expectStatus(await list({ order: 'sideways' }), 10002, /order/);
    });

    it('pages with a total', async () => {
      const page1 = expectOk(await list({ keyword: tag, limit: '2', page: '1' }));
      const page2 = expectOk(await list({ keyword: tag, limit: '2', page: '2' }));
      expect(page1.total).toBe(3);
      expect(page2.total).toBe(3);
      expect([...idsOf(page1), ...idsOf(page2)]).toEqual([ids.b, ids.c, ids.a]);
      expectStatus(await list({ limit: '501' }), 10002, /limit/);
      expectStatus(await list({ page: '0' }), 10002, /page/);
    });

    it('matches SQL metacharacters in the keyword literally', async () => {
      const percent = await addSchool(admin, { name: `Rate 50% off_${tag}` });
      await addSchool(admin, { name: `Rate 500 offx${tag}` });
      const quoted = await addSchool(admin, { name: `O'Brien "quoted" \\ ${tag}` });
      expect(idsOf(expectOk(await list({ keyword: `50% off_${tag}` })))).toEqual([percent.id]);
      expect(idsOf(expectOk(await list({ keyword: '%' })))).toEqual([percent.id]);
      expect(idsOf(expectOk(await list({ keyword: `off_${tag}` })))).toEqual([percent.id]);
      expect(idsOf(expectOk(await list({ keyword: `O'Brien "quoted" \\` })))).toEqual([quoted.id]);
      expect(expectOk(await list({ keyword: "' or '1'='1" })).total).toBe(0);
      expect(expectOk(await list({ keyword: "'; drop table schools; --" })).total).toBe(0);
      expectStatus(await list({ keyword: 'x'.repeat(101) }), 10002, /keyword/);
      expect(expectOk(await list()).total).toBeGreaterThan(3);
    });
  });

  describe('updateSchool', () => {
    it('changes the fields given and keeps the optional ones left out', async () => {
      const school = await addSchool(admin, {
        organiser: 'Org',
        contact: 'Phone',
        description: 'Desc',
        sort: 3,
      });
      const code = uniqueCode('NEW');
      expectOk(await admin.put(`${SCHOOL}/updateSchool`, { id: school.id, name: 'Renamed', code }));
      expect(expectOk(await get(school.id))).toMatchObject({
        name: 'Renamed',
        code,
        organiser: 'Org',
        contact: 'Phone',
        description: 'Desc',
        status: 1,
        sort: 3,
      });
      expectOk(
        await admin.put(`${SCHOOL}/updateSchool`, {
          id: school.id,
          name: 'Renamed',
          code,
          organiser: '',
          status: 0,
          sort: 0,
        }),
      );
      expect(expectOk(await get(school.id))).toMatchObject({ organiser: '', status: 0, sort: 0 });
    });

    it('keeps its own code, refuses another project’s (10004) and an unknown id (10003)', async () => {
      const a = await addSchool(admin);
      const b = await addSchool(admin);
      expectOk(await admin.put(`${SCHOOL}/updateSchool`, { id: a.id, name: 'Same', code: a.code }));
      expectStatus(
        await admin.put(`${SCHOOL}/updateSchool`, { id: a.id, name: 'Taken', code: b.code }),
        10004,
        /^code:/,
      );
      expect(expectOk(await get(a.id)).code).toBe(a.code);
      expectStatus(
        await admin.put(`${SCHOOL}/updateSchool`, { id: 999999, name: 'Ghost', code: 'GHOST' }),
        10003,
        /Exam project 999999/,
      );
      expectStatus(
        await admin.put(`${SCHOOL}/updateSchool`, { id: a.id, name: '', code: a.code }),
        10002,
        /name/,
      );
    });
  });

  describe('deleteSchool', () => {
    it('refuses while categories use it, saying which and how many; then deletes', async () => {
      const school = await addSchool(admin, { name: 'Busy project' });
      const d1 = await addDepartment(admin, school.id);
      const d2 = await addDepartment(admin, school.id);
      const d3 = await addDepartment(admin, school.id);
      expectStatus(
        await admin.delete(`${SCHOOL}/deleteSchool/${school.id}`),
        10004,
        "Exam project 'Busy project' still has job-type categories (3); delete or move them first",
      );
      expectOk(await get(school.id));
      for (const d of [d1, d2])
        expectOk(await admin.delete(`${DEPARTMENT}/deleteDepartment/${d.id}`));
      expectStatus(
        await admin.delete(`${SCHOOL}/deleteSchool/${school.id}`),
        10004,
        /still has job-type categories \(1\)/,
      );
      expectOk(await admin.delete(`${DEPARTMENT}/deleteDepartment/${d3.id}`));
      expectOk(await admin.delete(`${SCHOOL}/deleteSchool/${school.id}`));
      expectStatus(await get(school.id), 10003);
      expectStatus(
        await admin.delete(`${SCHOOL}/deleteSchool/${school.id}`),
        10003,
        new RegExp(`Exam project ${school.id} not found`),
      );
    });
  });

  describe('listAllSchoolsForSelect', () => {
    it('lists every project (or those of one status) in sort order', async () => {
      const off = await addSchool(admin, { status: 0 });
      const all = expectOk(await admin.get<SchoolOption[]>(`${SCHOOL}/listAllSchoolsForSelect`));
      expect(all.find((s) => s.id === off.id)).toEqual({
        id: off.id,
        name: off.name,
        code: off.code,
        status: 0,
      });
      const active = expectOk(
        await admin.get<SchoolOption[]>(`${SCHOOL}/listAllSchoolsForSelect`, { status: '1' }),
      );
      expect(active.length).toBeGreaterThan(0);
      expect(active.every((s) => s.status === 1)).toBe(true);
    });
  });
});

describe('exam project permissions', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  it('refuses every call to a teacher without SCHOOL-SCHOOLMANAGE (10001) and changes nothing', async () => {
    const school = await addSchool(admin);
    const { client } = await signedInTeacher(t.app, admin, [Perm.DEPARTMENT_MANAGE]);
    const calls = [
      client.get(`${SCHOOL}/listSchool`),
      client.post(`${SCHOOL}/addSchool`, { name: 'Sneaky', code: 'SNEAKY' }),
      client.get(`${SCHOOL}/getSchoolById/${school.id}`),
      client.put(`${SCHOOL}/updateSchool`, { id: school.id, name: 'Sneaky', code: school.code }),
      client.delete(`${SCHOOL}/deleteSchool/${school.id}`),
    ];
    for (const result of await Promise.all(calls)) {
      expectStatus(result, 10001, /SCHOOL-SCHOOLMANAGE/);
    }
    expect(expectOk(await admin.get<SchoolView>(`${SCHOOL}/getSchoolById/${school.id}`)).name).toBe(
      school.name,
    );
  });

  it('lets a holder of SCHOOL-SCHOOLMANAGE manage projects', async () => {
    const { client } = await signedInTeacher(t.app, admin, [Perm.SCHOOL_MANAGE]);
    const { id } = expectOk(
      await client.post<{ id: number }>(`${SCHOOL}/addSchool`, {
        name: 'By manager',
        code: uniqueCode('MGR'),
      }),
    );
    expectOk(await client.delete(`${SCHOOL}/deleteSchool/${id}`));
  });

  it.each([
    Perm.SCHOOL_MANAGE,
    Perm.DEPARTMENT_MANAGE,
    Perm.SUBJECT_MANAGE,
    Perm.CLASS_MANAGE,
    Perm.STUDENT,
    Perm.COURSE,
    Perm.KNOW,
    Perm.QUESTION,
  ])('lets a holder of %s read the project select', async (key) => {
    const { client } = await signedInTeacher(t.app, admin, [key]);
    expectOk(await client.get(`${SCHOOL}/listAllSchoolsForSelect`));
  });

  it('refuses the project select to a user with none of those keys', async () => {
    const { client } = await signedInTeacher(t.app, admin, [Perm.MARKING]);
    expectStatus(await client.get(`${SCHOOL}/listAllSchoolsForSelect`), 10001);
  });
});

describe('exam structure in the API docs', () => {
  const t = useTestApp();

  it('/api/docs/json lists the structure calls with their inputs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    for (const [path, method] of [
      ['/api/kaoshi-school/school/listSchool', 'get'],
      ['/api/kaoshi-school/school/deleteSchool/{id}', 'delete'],
      ['/api/kaoshi-school/department/addDepartment', 'post'],
      ['/api/kaoshi-school/subject/updateSubject', 'put'],
      ['/api/kaoshi-school/classes/addClasses', 'post'],
      ['/api/kaoshi-school/classes/bindClassTeachers', 'post'],
      ['/api/kaoshi-school/classes/listClassesForSelect', 'get'],
    ] as const) {
      expect(paths[path], path).toHaveProperty(method);
    }
    expect(JSON.stringify(paths['/api/kaoshi-school/classes/addClasses'])).toContain(
      'registrationStart',
    );
  });
});
