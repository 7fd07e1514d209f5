import { Perm, type ListResult, type SubjectOption, type SubjectView } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher, storedValue } from '../../../test/factories.js';
import {
  CLASSES,
  SUBJECT,
  addClass,
  addDepartment,
  addSchool,
  addSubject,
  uniqueCode,
} from './structure.fixtures.js';

describe('job types applied for (subject)', () => {
  let t: TestApp;
  let admin: Client;
  let school: { id: number; name: string };
  let department: { id: number; name: string };
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    school = await addSchool(admin, { name: 'Skills 2025' });
    department = await addDepartment(admin, school.id, { name: 'Electrical' });
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}) =>
    admin.get<ListResult<SubjectView>>(`${SUBJECT}/listSubject`, { limit: '500', ...query });
  const get = (id: number) => admin.get<SubjectView>(`${SUBJECT}/getSubjectById/${id}`);
  const update = (id: number, fields: Record<string, unknown>) =>
    admin.put(`${SUBJECT}/updateSubject`, { id, ...fields });
  const storedLevels = (id: number) => storedValue(t.handle.db, 'subjects', 'levels', id);
  /** A course row, as the base module will write them. */
  const addKnowledge = async (subjectId: number, level: number) => {
    const now = new Date().toISOString();
    await t.handle.db
      .insertInto('knowledge')
      .values({
        subject_id: subjectId,
        level,
        type: 'cn',
        parent_id: null,
        code: uniqueCode('K'),
        name: 'Safety',
        importance: null,
        weight: 0,
        description: '',
        sort: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };

  it('adds a job type with its national code and levels, highest number first', async () => {
    const { id } = expectOk(
      await admin.post<{ id: number }>(`${SUBJECT}/addSubject`, {
        departmentId: department.id,
        name: 'Electrician',
        code: '6-31-01-03',
        levels: [3, 5, 4, 5],
        description: 'Maintenance electrician',
      }),
    );
    expect(expectOk(await get(id))).toEqual({
      id,
      departmentId: department.id,
      departmentName: 'Electrical',
      schoolId: school.id,
      schoolName: 'Skills 2025',
      name: 'Electrician',
      code: '6-31-01-03',
      levels: [5, 4, 3],
      description: 'Maintenance electrician',
      status: 1,
      sort: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await storedLevels(id)).toBe('5,4,3');
    expectStatus(
      await admin.post(`${SUBJECT}/addSubject`, {
        departmentId: department.id,
        name: 'Again',
        code: '6-31-01-03',
        levels: [5],
      }),
      10004,
      /^code: .*6-31-01-03/,
    );
  });

  it('takes the levels as a comma-separated string too', async () => {
    const { id } = expectOk(
      await admin.post<{ id: number }>(`${SUBJECT}/addSubject`, {
        departmentId: department.id,
        name: 'Form levels',
        code: uniqueCode(),
        levels: '1, 2',
      }),
    );
    expect(expectOk(await get(id)).levels).toEqual([2, 1]);
  });

  it.each([
    [{ levels: [6] }, /levels/],
    [{ levels: [0] }, /levels/],
    [{ levels: [] }, /levels/],
    [{ levels: '' }, /levels/],
    [{ levels: ['x'] }, /levels/],
    [{ levels: [4.5] }, /levels/],
    [{ levels: undefined }, /levels/],
    [{ name: 'x'.repeat(101) }, /name/],
    [{ code: '4 01' }, /code/],
    [{ code: '4-01-02-01-00000000000000000000000' }, /code/],
    [{ description: 'x'.repeat(1001) }, /description/],
    [{ departmentId: -1 }, /departmentId/],
  ])('refuses %o with 10002', async (fields, names) => {
    expectStatus(
      await admin.post(`${SUBJECT}/addSubject`, {
        departmentId: department.id,
        name: 'Bad',
        code: uniqueCode(),
        levels: [5],
        ...fields,
      }),
      10002,
      names,
    );
  });

  it('refuses an unknown category with 10003', async () => {
    expectStatus(
      await admin.post(`${SUBJECT}/addSubject`, {
        departmentId: 999999,
        name: 'Orphan',
        code: uniqueCode(),
        levels: [5],
      }),
      10003,
      /Job-type category 999999 not found/,
    );
  });

  it('lists with category and project names, filtered by project, category and keyword', async () => {
    const project = await addSchool(admin, { name: 'Listed project' });
    const d1 = await addDepartment(admin, project.id, { name: 'Mechanical' });
    const d2 = await addDepartment(admin, project.id, { name: 'Chemical' });
    const a = await addSubject(admin, d1.id, { name: 'Fitter', sort: 1 });
    const b = await addSubject(admin, d1.id, { name: 'Turner', sort: 0 });
    const c = await addSubject(admin, d2.id, { name: 'Lab technician', status: 0 });
    const byProject = expectOk(await list({ schoolId: String(project.id) }));
    expect(byProject.total).toBe(3);
    expect(byProject.list.map((s) => s.id)).toEqual([b.id, c.id, a.id]);
    expect(byProject.list.find((s) => s.id === c.id)).toMatchObject({
      departmentId: d2.id,
      departmentName: 'Chemical',
      schoolId: project.id,
      schoolName: 'Listed project',
      levels: [5, 4, 3],
    });
    const ids = async (query: Record<string, string>) =>
      expectOk(await list(query)).list.map((s) => s.id);
    expect(await ids({ departmentId: String(d1.id) })).toEqual([b.id, a.id]);
    expect(await ids({ schoolId: String(project.id), keyword: 'FIT' })).toEqual([a.id]);
    expect(await ids({ keyword: c.code })).toEqual([c.id]);
    expect(await ids({ schoolId: String(project.id), status: '0' })).toEqual([c.id]);
    expect(await ids({ departmentId: String(d1.id), orderBy: 'name', order: 'desc' })).toEqual([
      b.id,
      a.id,
    ]);
    expect(await ids({ keyword: "%' --" })).toEqual([]);
    expectStatus(await list({ departmentId: '1e3' }), 10002, /departmentId/);
  });

  it('refuses to drop a level a batch uses, naming the count; other changes pass', async () => {
    const subject = await addSubject(admin, department.id, { name: 'Welder', levels: [5, 4, 3] });
    await addClass(admin, subject.id, { level: 4 });
    await addClass(admin, subject.id, { level: 4 });
    await addClass(admin, subject.id, { level: 5 });
    const base = { departmentId: department.id, name: 'Welder', code: subject.code };
    expectStatus(
      await update(subject.id, { ...base, levels: [5, 3] }),
      10004,
      /^levels: level 4 of job type 'Welder' is still used by registration batches \(2\) and courses or appraisal points \(0\)$/,
    );
    expectStatus(
      await update(subject.id, { ...base, levels: [3] }),
      10004,
      /level 5, 4 .* still used by registration batches \(3\)/,
    );
    expect(await storedLevels(subject.id)).toBe('5,4,3');
    expectOk(await update(subject.id, { ...base, levels: [5, 4, 2] }));
    expect(expectOk(await get(subject.id)).levels).toEqual([5, 4, 2]);
    expectOk(await update(subject.id, { ...base, levels: [5, 4, 2], status: 0 }));
    expect(expectOk(await get(subject.id)).status).toBe(0);
  });

  it('refuses to drop a level its courses or appraisal points use', async () => {
    const subject = await addSubject(admin, department.id, { levels: [5, 4] });
    await addKnowledge(subject.id, 4);
    expectStatus(
      await update(subject.id, {
        departmentId: department.id,
        name: subject.name,
        code: subject.code,
        levels: [5],
      }),
      10004,
      /level 4 .* courses or appraisal points \(1\)/,
    );
  });

  it('updates: moves to another category, keeps its code or refuses a taken one', async () => {
    const other = await addDepartment(admin, school.id, { name: 'Other category' });
    const subject = await addSubject(admin, department.id, { description: 'kept', sort: 9 });
    const taken = await addSubject(admin, other.id);
    const base = { name: 'Moved', code: subject.code, levels: [5, 4, 3] };
    expectStatus(
      await update(subject.id, { ...base, departmentId: other.id, code: taken.code }),
      10004,
      /^code:/,
    );
    expectStatus(
      await update(subject.id, { ...base, departmentId: 999999 }),
      10003,
      /Job-type category 999999/,
    );
    expectOk(await update(subject.id, { ...base, departmentId: other.id }));
    expect(expectOk(await get(subject.id))).toMatchObject({
      departmentId: other.id,
      departmentName: 'Other category',
      name: 'Moved',
      description: 'kept',
      sort: 9,
    });
    expectStatus(
      await update(999999, { ...base, departmentId: other.id, code: 'GHOST' }),
      10003,
      /Job type 999999 not found/,
    );
  });

  it('refuses to delete a job type with batches, or with courses; then deletes', async () => {
    const subject = await addSubject(admin, department.id, { name: 'Busy job type' });
    const b1 = await addClass(admin, subject.id);
    const b2 = await addClass(admin, subject.id);
    expectStatus(
      await admin.delete(`${SUBJECT}/deleteSubject/${subject.id}`),
      10004,
      "Job type 'Busy job type' is still used by registration batches (2) and courses or appraisal points (0); delete them first",
    );
    await addKnowledge(subject.id, 5);
    await addKnowledge(subject.id, 3);
    expectStatus(
      await admin.delete(`${SUBJECT}/deleteSubject/${subject.id}`),
      10004,
      'still used by registration batches (2) and courses or appraisal points (2)',
    );
    for (const b of [b1, b2]) expectOk(await admin.delete(`${CLASSES}/deleteClasses/${b.id}`));
    expectStatus(
      await admin.delete(`${SUBJECT}/deleteSubject/${subject.id}`),
      10004,
      "Job type 'Busy job type' is still used by registration batches (0) and courses or appraisal points (2); delete them first",
    );
    await t.handle.db.deleteFrom('knowledge').where('subject_id', '=', subject.id).execute();
    expectOk(await admin.delete(`${SUBJECT}/deleteSubject/${subject.id}`));
    expectStatus(await get(subject.id), 10003, /Job type \d+ not found/);
  });

  it('lists the job types of a category for a select, with their levels', async () => {
    const category = await addDepartment(admin, school.id);
    const a = await addSubject(admin, category.id, { levels: [2, 1], sort: 1 });
    const b = await addSubject(admin, category.id, { levels: [5], status: 0 });
    const options = expectOk(
      await admin.get<SubjectOption[]>(`${SUBJECT}/listSubjectsForSelect`, {
        departmentId: String(category.id),
      }),
    );
    expect(options).toEqual([
      { id: b.id, departmentId: category.id, name: b.name, code: b.code, levels: [5], status: 0 },
      {
        id: a.id,
        departmentId: category.id,
        name: a.name,
        code: a.code,
        levels: [2, 1],
        status: 1,
      },
    ]);
    const active = expectOk(
      await admin.get<SubjectOption[]>(`${SUBJECT}/listSubjectsForSelect`, {
        departmentId: String(category.id),
        status: '1',
      }),
    );
    expect(active.map((s) => s.id)).toEqual([a.id]);
    const ofProject = expectOk(
      await admin.get<SubjectOption[]>(`${SUBJECT}/listSubjectsForSelect`, {
        schoolId: String(school.id),
      }),
    );
    expect(ofProject.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

describe('job type permissions', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  it('refuses every call to a teacher without SCHOOL-SUBJECTMANAGE (10001)', async () => {
    const school = await addSchool(admin);
    const department = await addDepartment(admin, school.id);
    const subject = await addSubject(admin, department.id);
    const { client } = await signedInTeacher(t.app, admin, [Perm.COURSE]);
    const body = { departmentId: department.id, name: 'Sneaky', code: 'SNEAKY', levels: [5] };
    const results = await Promise.all([
      client.get(`${SUBJECT}/listSubject`),
      client.post(`${SUBJECT}/addSubject`, body),
      client.get(`${SUBJECT}/getSubjectById/${subject.id}`),
      client.put(`${SUBJECT}/updateSubject`, { ...body, id: subject.id }),
      client.delete(`${SUBJECT}/deleteSubject/${subject.id}`),
    ]);
    for (const result of results) expectStatus(result, 10001, /SCHOOL-SUBJECTMANAGE/);
    // COURSE is among the keys that read the cascading selects.
    expect(
      expectOk(await client.get<SubjectOption[]>(`${SUBJECT}/listSubjectsForSelect`)).map(
        (s) => s.id,
      ),
    ).toContain(subject.id);
  });

  it('lets a score analyst read the job types to filter the certification results by', async () => {
    const school = await addSchool(admin);
    const department = await addDepartment(admin, school.id);
    const subject = await addSubject(admin, department.id);
    const { client } = await signedInTeacher(t.app, admin, [Perm.ANALYSIS]);
    expect(
      expectOk(await client.get<SubjectOption[]>(`${SUBJECT}/listSubjectsForSelect`)).map(
        (s) => s.id,
      ),
    ).toContain(subject.id);
    expectStatus(await client.get(`${SUBJECT}/listSubject`), 10001, /SCHOOL-SUBJECTMANAGE/);
  });
});
