import { Perm, type DepartmentOption, type DepartmentView, type ListResult } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import {
  DEPARTMENT,
  SUBJECT,
  addDepartment,
  addSchool,
  addSubject,
  uniqueCode,
} from './structure.fixtures.js';

describe('job-type categories (department)', () => {
  let t: TestApp;
  let admin: Client;
  let school: { id: number; name: string };
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    school = await addSchool(admin, { name: 'Home project' });
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}) =>
    admin.get<ListResult<DepartmentView>>(`${DEPARTMENT}/listDepartment`, {
      limit: '500',
      ...query,
    });
  const get = (id: number) => admin.get<DepartmentView>(`${DEPARTMENT}/getDepartmentById/${id}`);

  it('adds a category under a project and reads it back with the project name', async () => {
    const code = uniqueCode('ELEC');
    const { id } = expectOk(
      await admin.post<{ id: number }>(`${DEPARTMENT}/addDepartment`, {
        schoolId: school.id,
        name: 'Electrical',
        code,
        description: 'Electricians and the like',
        sort: 4,
      }),
    );
    expect(expectOk(await get(id))).toEqual({
      id,
      schoolId: school.id,
      schoolName: 'Home project',
      name: 'Electrical',
      code,
      description: 'Electricians and the like',
      status: 1,
      sort: 4,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('refuses an unknown project with 10003 and writes nothing', async () => {
    const before = expectOk(await list()).total;
    expectStatus(
      await admin.post(`${DEPARTMENT}/addDepartment`, {
        schoolId: 999999,
        name: 'Orphan',
        code: uniqueCode(),
      }),
      10003,
      /Exam project 999999 not found/,
    );
    expect(expectOk(await list()).total).toBe(before);
  });

  it('keeps codes unique within a project only', async () => {
    const other = await addSchool(admin);
    const code = uniqueCode('SAME');
    await addDepartment(admin, school.id, { code });
    await addDepartment(admin, other.id, { code });
    expectStatus(
      await admin.post(`${DEPARTMENT}/addDepartment`, { schoolId: school.id, name: 'Dup', code }),
      10004,
      new RegExp(`^code: .*${code}`),
    );
  });

  it.each([
    [{ schoolId: 0 }, /schoolId/],
    [{ schoolId: 'abc' }, /schoolId/],
    [{ name: 'x'.repeat(101) }, /name/],
    [{ name: '   ' }, /name/],
    [{ code: 'a/b' }, /code/],
    [{ description: 'x'.repeat(1001) }, /description/],
    [{ status: 5 }, /status/],
  ])('refuses %o with 10002', async (fields, names) => {
    expectStatus(
      await admin.post(`${DEPARTMENT}/addDepartment`, {
        schoolId: school.id,
        name: 'Bad',
        code: uniqueCode(),
        ...fields,
      }),
      10002,
      names,
    );
  });

  it('lists with the project name, filtered by project, keyword and status', async () => {
    const project = await addSchool(admin, { name: 'Listed project' });
    const a = await addDepartment(admin, project.id, { name: 'Welding', sort: 2 });
    const b = await addDepartment(admin, project.id, { name: 'Machining', sort: 1, status: 0 });
    const byProject = expectOk(await list({ schoolId: String(project.id) }));
    expect(byProject.total).toBe(2);
    expect(byProject.list.map((d) => [d.id, d.schoolName])).toEqual([
      [b.id, 'Listed project'],
      [a.id, 'Listed project'],
    ]);
    expect(
      expectOk(await list({ schoolId: String(project.id), keyword: 'weld' })).list.map((d) => d.id),
    ).toEqual([a.id]);
    expect(
      expectOk(await list({ schoolId: String(project.id), keyword: b.code })).list.map((d) => d.id),
    ).toEqual([b.id]);
    expect(
      expectOk(await list({ schoolId: String(project.id), status: '0' })).list.map((d) => d.id),
    ).toEqual([b.id]);
    expect(
      expectOk(
        await list({ schoolId: String(project.id), orderBy: 'name', order: 'desc' }),
      ).list.map((d) => d.id),
    ).toEqual([a.id, b.id]);
    expect(expectOk(await list({ keyword: '_%' })).total).toBe(0);
    expect(expectOk(await list({ schoolId: '999999' })).total).toBe(0);
    expectStatus(await list({ schoolId: 'x' }), 10002, /schoolId/);
    expectStatus(await list({ orderBy: 'school_id' }), 10002, /orderBy/);
  });

  it('updates, moving a category to another project where its code must be free', async () => {
    const from = await addSchool(admin);
    const to = await addSchool(admin, { name: 'Target project' });
    const moving = await addDepartment(admin, from.id, { description: 'kept' });
    const blocker = await addDepartment(admin, to.id);
    expectStatus(
      await admin.put(`${DEPARTMENT}/updateDepartment`, {
        id: moving.id,
        schoolId: to.id,
        name: moving.name,
        code: blocker.code,
      }),
      10004,
      /^code:/,
    );
    expectStatus(
      await admin.put(`${DEPARTMENT}/updateDepartment`, {
        id: moving.id,
        schoolId: 999999,
        name: moving.name,
        code: moving.code,
      }),
      10003,
      /Exam project 999999/,
    );
    expectOk(
      await admin.put(`${DEPARTMENT}/updateDepartment`, {
        id: moving.id,
        schoolId: to.id,
        name: 'Moved',
        code: moving.code,
        status: 0,
      }),
    );
    expect(expectOk(await get(moving.id))).toMatchObject({
      schoolId: to.id,
      schoolName: 'Target project',
      name: 'Moved',
      description: 'kept',
      status: 0,
    });
    expectStatus(
      await admin.put(`${DEPARTMENT}/updateDepartment`, {
        id: 999999,
        schoolId: to.id,
        name: 'Ghost',
        code: 'GHOST',
      }),
      10003,
      /Job-type category 999999 not found/,
    );
  });

  it('refuses to delete a category with job types, saying how many; then deletes', async () => {
    const department = await addDepartment(admin, school.id, { name: 'Busy category' });
    const s1 = await addSubject(admin, department.id);
    const s2 = await addSubject(admin, department.id);
    expectStatus(
      await admin.delete(`${DEPARTMENT}/deleteDepartment/${department.id}`),
      10004,
      "Job-type category 'Busy category' still has job types (2); delete or move them first",
    );
    expectOk(await admin.delete(`${SUBJECT}/deleteSubject/${s1.id}`));
    expectStatus(
      await admin.delete(`${DEPARTMENT}/deleteDepartment/${department.id}`),
      10004,
      /still has job types \(1\)/,
    );
    expectOk(await admin.delete(`${SUBJECT}/deleteSubject/${s2.id}`));
    expectOk(await admin.delete(`${DEPARTMENT}/deleteDepartment/${department.id}`));
    expectStatus(
      await admin.delete(`${DEPARTMENT}/deleteDepartment/${department.id}`),
      10003,
      new RegExp(`Job-type category ${department.id} not found`),
    );
  });

  it('lists the categories of a project for a select', async () => {
    const project = await addSchool(admin);
    const a = await addDepartment(admin, project.id, { sort: 2 });
    const b = await addDepartment(admin, project.id, { sort: 1, status: 0 });
    const options = expectOk(
      await admin.get<DepartmentOption[]>(`${DEPARTMENT}/listDepartmentsForSelect`, {
        schoolId: String(project.id),
      }),
    );
    expect(options).toEqual([
      { id: b.id, schoolId: project.id, name: b.name, code: b.code, status: 0 },
      { id: a.id, schoolId: project.id, name: a.name, code: a.code, status: 1 },
    ]);
    expect(
      expectOk(
        await admin.get<DepartmentOption[]>(`${DEPARTMENT}/listDepartmentsForSelect`, {
          schoolId: String(project.id),
          status: '1',
        }),
      ).map((d) => d.id),
    ).toEqual([a.id]);
    const all = expectOk(
      await admin.get<DepartmentOption[]>(`${DEPARTMENT}/listDepartmentsForSelect`),
    );
    expect(all.length).toBeGreaterThan(2);
  });
});

describe('job-type category permissions', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  it('refuses every call to a teacher without SCHOOL-DEPARTMENTMANAGE (10001)', async () => {
    const school = await addSchool(admin);
    const department = await addDepartment(admin, school.id);
    const { client } = await signedInTeacher(t.app, admin, [Perm.SCHOOL_MANAGE]);
    const results = await Promise.all([
      client.get(`${DEPARTMENT}/listDepartment`),
      client.post(`${DEPARTMENT}/addDepartment`, {
        schoolId: school.id,
        name: 'Sneaky',
        code: 'SNEAKY',
      }),
      client.get(`${DEPARTMENT}/getDepartmentById/${department.id}`),
      client.put(`${DEPARTMENT}/updateDepartment`, {
        id: department.id,
        schoolId: school.id,
        name: 'Sneaky',
        code: department.code,
      }),
      client.delete(`${DEPARTMENT}/deleteDepartment/${department.id}`),
    ]);
    for (const result of results) expectStatus(result, 10001, /SCHOOL-DEPARTMENTMANAGE/);
    expectOk(await client.get(`${DEPARTMENT}/listDepartmentsForSelect`));
    const unrelated = await signedInTeacher(t.app, admin, [Perm.PAPER]);
    expectStatus(await unrelated.client.get(`${DEPARTMENT}/listDepartmentsForSelect`), 10001);
  });
});
