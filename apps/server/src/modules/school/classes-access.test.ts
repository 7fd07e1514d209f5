import {
  Perm,
  UserType,
  type ClassOption,
  type ClassTeacherView,
  type ClassView,
  type ListResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  appWithAdmin,
  login,
  type Client,
  type TestApp,
} from '../../../test/build-app.js';
import {
  addUser,
  createRole,
  expectOk,
  expectStatus,
  signedInTeacher,
} from '../../../test/factories.js';
import {
  CLASSES,
  addClass,
  addDepartment,
  addSchool,
  addStructure,
  addSubject,
  uniqueCode,
} from './structure.fixtures.js';

describe('registration batches: teacher assignment', () => {
  let t: TestApp;
  let admin: Client;
  let structure: Awaited<ReturnType<typeof addStructure>>;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    structure = await addStructure(admin);
  });
  afterAll(() => t.close());

  const teachersOf = (id: number) =>
    admin.get<ClassTeacherView[]>(`${CLASSES}/listClassTeachers/${id}`);

  it('binds teachers, replacing the set, and lists them', async () => {
    const batch = await addClass(admin, structure.subject.id);
    const t1 = await addUser(admin, { userType: UserType.TEACHER, nickName: 'Teacher One' });
    const t2 = await addUser(admin, { userType: UserType.TEACHER, nickName: 'Teacher Two' });
    expect(expectOk(await teachersOf(batch.id))).toEqual([]);
    expectOk(
      await admin.post(`${CLASSES}/bindClassTeachers`, {
        classId: batch.id,
        userIds: [t2.id, t1.id, t2.id],
      }),
    );
    expect(expectOk(await teachersOf(batch.id))).toEqual([
      { id: t1.id, name: t1.name, nickName: 'Teacher One' },
      { id: t2.id, name: t2.name, nickName: 'Teacher Two' },
    ]);
    expectOk(
      await admin.form(`${CLASSES}/bindClassTeachers`, {
        classId: String(batch.id),
        userIds: String(t2.id),
      }),
    );
    expect(expectOk(await teachersOf(batch.id)).map((u) => u.id)).toEqual([t2.id]);
    expectOk(await admin.post(`${CLASSES}/bindClassTeachers`, { classId: batch.id, userIds: [] }));
    expect(expectOk(await teachersOf(batch.id))).toEqual([]);
  });

  it('accepts only teachers (userType 2), existing users and batches; a refusal changes nothing', async () => {
    const batch = await addClass(admin, structure.subject.id);
    const teacher = await addUser(admin, { userType: UserType.TEACHER });
    const administrator = await addUser(admin, { userType: UserType.ADMIN });
    const student = await addUser(admin, { userType: UserType.STUDENT });
    expectOk(
      await admin.post(`${CLASSES}/bindClassTeachers`, {
        classId: batch.id,
        userIds: [teacher.id],
      }),
    );
    expectStatus(
      await admin.post(`${CLASSES}/bindClassTeachers`, {
        classId: batch.id,
        userIds: [teacher.id, administrator.id, student.id],
      }),
      10002,
      new RegExp(`^userIds: user ${administrator.id}, ${student.id} is not a teacher`),
    );
    expectStatus(
      await admin.post(`${CLASSES}/bindClassTeachers`, {
        classId: batch.id,
        userIds: [teacher.id, 999999],
      }),
      10003,
      /User 999999 not found/,
    );
    expect(expectOk(await teachersOf(batch.id)).map((u) => u.id)).toEqual([teacher.id]);
    expectStatus(
      await admin.post(`${CLASSES}/bindClassTeachers`, { classId: 999999, userIds: [] }),
      10003,
      /Registration batch 999999/,
    );
    expectStatus(await teachersOf(999999), 10003, /Registration batch 999999/);
    expectStatus(
      await admin.post(`${CLASSES}/bindClassTeachers`, { classId: batch.id, userIds: 'a,b' }),
      10002,
      /userIds/,
    );
  });

  it('offers the active teachers to pick from', async () => {
    const teacher = await addUser(admin, {
      userType: UserType.TEACHER,
      nickName: 'Picker Zhang',
    });
    const administrator = await addUser(admin, {
      userType: UserType.ADMIN,
      nickName: 'Picker Admin',
    });
    const options = expectOk(
      await admin.get<ClassTeacherView[]>(`${CLASSES}/listTeachersForSelect`, {
        keyword: 'picker',
      }),
    );
    expect(options).toEqual([{ id: teacher.id, name: teacher.name, nickName: 'Picker Zhang' }]);
    expect(options.map((o) => o.id)).not.toContain(administrator.id);
  });
});

describe('which batches a user sees (row-level rule)', () => {
  let t: TestApp;
  let admin: Client;
  let s: { subject: { id: number } };
  let mine: { id: number; code: string };
  let theirs: { id: number; code: string };
  let teacher: Awaited<ReturnType<typeof signedInTeacher>>;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    const school = await addSchool(admin);
    const department = await addDepartment(admin, school.id);
    s = { subject: await addSubject(admin, department.id) };
    mine = await addClass(admin, s.subject.id, { name: 'Assigned batch' });
    theirs = await addClass(admin, s.subject.id, { name: 'Other batch' });
    teacher = await signedInTeacher(t.app, admin, [Perm.CLASS_MANAGE]);
    expectOk(
      await admin.post(`${CLASSES}/bindClassTeachers`, { classId: mine.id, userIds: [teacher.id] }),
    );
  });
  afterAll(() => t.close());

  const visibleIds = async (client: Client) => {
    const listed = expectOk(
      await client.get<ListResult<ClassView>>(`${CLASSES}/listClasses`, {
        subjectId: String(s.subject.id),
      }),
    );
    const options = expectOk(
      await client.get<ClassOption[]>(`${CLASSES}/listClassesForSelect`, {
        subjectId: String(s.subject.id),
      }),
    );
    expect(options.map((o) => o.id)).toEqual(listed.list.map((row) => row.id));
    expect(listed.total).toBe(listed.list.length);
    return listed.list.map((row) => row.id).sort((a, b) => a - b);
  };

  it('a teacher assigned to one of two batches sees only it', async () => {
    expect(await visibleIds(teacher.client)).toEqual([mine.id]);
    expectOk(await teacher.client.get(`${CLASSES}/getClassesById/${mine.id}`));
    expectStatus(
      await teacher.client.get(`${CLASSES}/getClassesById/${theirs.id}`),
      10003,
      new RegExp(`Registration batch ${theirs.id} not found`),
    );
  });

  it('the super administrator and a holder of SCHOOL-ALLCLASSES see both; userType 1 alone does not', async () => {
    expect(await visibleIds(admin)).toEqual([mine.id, theirs.id].sort((a, b) => a - b));
    // The user type grants nothing: an administrator (userType 1) without the key sees only
    // the batches assigned to them.
    const plain = await createRole(admin, { permissionKeys: [Perm.CLASS_MANAGE] });
    const typeOnly = await addUser(admin, { userType: UserType.ADMIN, roleIds: [plain.roleId] });
    const typeOnlyClient = await login(t.app, typeOnly.name, DEFAULT_PASSWORD, UserType.ADMIN);
    expect(await visibleIds(typeOnlyClient)).toEqual([]);
    expectStatus(await typeOnlyClient.get(`${CLASSES}/getClassesById/${theirs.id}`), 10003);

    const every = await createRole(admin, {
      permissionKeys: [Perm.CLASS_MANAGE, Perm.ALL_CLASSES],
    });
    const keyed = await addUser(admin, { userType: UserType.TEACHER, roleIds: [every.roleId] });
    const keyedClient = await login(t.app, keyed.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expect(await visibleIds(keyedClient)).toEqual([mine.id, theirs.id].sort((a, b) => a - b));
  });

  it('a teacher cannot read, change, delete or reassign a batch not assigned to them', async () => {
    const c = teacher.client;
    const body = {
      id: theirs.id,
      subjectId: s.subject.id,
      level: 5,
      name: 'Hijacked',
      code: theirs.code,
    };
    expectStatus(await c.put(`${CLASSES}/updateClasses`, body), 10003);
    expectStatus(await c.delete(`${CLASSES}/deleteClasses/${theirs.id}`), 10003);
    expectStatus(await c.get(`${CLASSES}/listClassTeachers/${theirs.id}`), 10003);
    expectStatus(
      await c.post(`${CLASSES}/bindClassTeachers`, { classId: theirs.id, userIds: [teacher.id] }),
      10003,
    );
    expect(
      expectOk(await admin.get<ClassView>(`${CLASSES}/getClassesById/${theirs.id}`)).name,
    ).toBe('Other batch');
    expect(await visibleIds(c)).toEqual([mine.id]);
  });

  it('a teacher manages an assigned batch, and is assigned the batches they add', async () => {
    const c = teacher.client;
    expectOk(
      await c.put(`${CLASSES}/updateClasses`, {
        id: mine.id,
        subjectId: s.subject.id,
        level: 5,
        name: 'Renamed by teacher',
        code: mine.code,
      }),
    );
    const { id } = expectOk(
      await c.post<{ id: number }>(`${CLASSES}/addClasses`, {
        subjectId: s.subject.id,
        level: 4,
        name: 'Added by teacher',
        code: uniqueCode('T'),
      }),
    );
    expect(await visibleIds(c)).toEqual([mine.id, id]);
    expect(
      expectOk(await c.get<ClassTeacherView[]>(`${CLASSES}/listClassTeachers/${id}`)).map(
        (u) => u.id,
      ),
    ).toEqual([teacher.id]);
  });

  it('a teacher with no assignment sees none; holders of other keys read the select only', async () => {
    const unassigned = await signedInTeacher(t.app, admin, [Perm.CLASS_MANAGE]);
    expect(await visibleIds(unassigned.client)).toEqual([]);
    const studentManager = await signedInTeacher(t.app, admin, [Perm.STUDENT]);
    expectOk(
      await admin.post(`${CLASSES}/bindClassTeachers`, {
        classId: theirs.id,
        userIds: [studentManager.id],
      }),
    );
    expect(
      expectOk(
        await studentManager.client.get<ClassOption[]>(`${CLASSES}/listClassesForSelect`, {
          subjectId: String(s.subject.id),
        }),
      ).map((o) => o.id),
    ).toEqual([theirs.id]);
    expectStatus(
      await studentManager.client.get(`${CLASSES}/listClasses`),
      10001,
      /SCHOOL-CLASSMANAGE/,
    );
  });
});

describe('registration batch permissions', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  it('refuses every call to a teacher without SCHOOL-CLASSMANAGE (10001) and changes nothing', async () => {
    const school = await addSchool(admin);
    const department = await addDepartment(admin, school.id);
    const subject = await addSubject(admin, department.id);
    const batch = await addClass(admin, subject.id);
    const { client, id } = await signedInTeacher(t.app, admin, [Perm.SUBJECT_MANAGE]);
    const body = { subjectId: subject.id, level: 5, name: 'Sneaky', code: 'SNEAKY' };
    const results = await Promise.all([
      client.get(`${CLASSES}/listClasses`),
      client.post(`${CLASSES}/addClasses`, body),
      client.get(`${CLASSES}/getClassesById/${batch.id}`),
      client.put(`${CLASSES}/updateClasses`, { ...body, id: batch.id, code: batch.code }),
      client.delete(`${CLASSES}/deleteClasses/${batch.id}`),
      client.get(`${CLASSES}/listClassTeachers/${batch.id}`),
      client.post(`${CLASSES}/bindClassTeachers`, { classId: batch.id, userIds: [id] }),
      client.get(`${CLASSES}/listTeachersForSelect`),
    ]);
    for (const result of results) expectStatus(result, 10001, /SCHOOL-CLASSMANAGE/);
    expect(
      expectOk(await admin.get<ClassTeacherView[]>(`${CLASSES}/listClassTeachers/${batch.id}`)),
    ).toEqual([]);
    const listed = expectOk(await admin.get<ListResult<ClassView>>(`${CLASSES}/listClasses`));
    expect(listed.list.map((row) => row.name)).toEqual([batch.name]);
  });
});
