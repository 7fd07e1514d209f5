import {
  ApiStatus,
  Perm,
  RoleKey,
  UserType,
  type InstructionView,
  type ListResult,
} from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, login, type Client, useAdminApp } from '../../../test/build-app.js';
import { addUser, createRole, expectOk, expectStatus, roleIdOf } from '../../../test/factories.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { INSTRUCTION_BASE as BASE } from './instruction.routes.js';

describe('exam notices', () => {
  const t = useAdminApp();
  let writer: Client;
  let s: Structure;
  let other: Structure;

  beforeAll(async () => {
    s = await createStructure(t.handle.db);
    other = await createStructure(t.handle.db);
    const role = await createRole(t.admin, {
      permissionKeys: [Perm.PUBLISH_GROUP, Perm.INSTRUCTION],
    });
    const user = await addUser(t.admin, {
      userType: UserType.TEACHER,
      roleIds: [role.roleId, await roleIdOf(t.admin, RoleKey.SUPER)],
    });
    writer = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
  });

  it('adds, lists by the job type it applies to, edits and deletes a notice, its body sanitized', async () => {
    const everyone = expectOk(
      await writer.post<{ id: number }>(`${BASE}/addInstruction`, {
        title: 'For every job type',
        body: '<p>Bring your ID card.</p><script>alert(1)</script>',
        minReadSeconds: 30,
      }),
    );
    const chosen = expectOk(
      await writer.post<{ id: number }>(`${BASE}/addInstruction`, {
        title: 'Electricians only',
        body: '<p>No metal jewellery.</p>',
        allSubjects: false,
        subjectIds: [s.subjectId],
      }),
    );
    const view = expectOk(
      await writer.get<InstructionView>(`${BASE}/getInstruction/${everyone.id}`),
    );
    expect(view).toMatchObject({
      body: '<p>Bring your ID card.</p>',
      allSubjects: true,
      minReadSeconds: 30,
      enabled: true,
    });
    const forSubject = async (subjectId: number) =>
      expectOk(
        await writer.get<ListResult<InstructionView>>(`${BASE}/listInstruction`, {
          subjectId: String(subjectId),
        }),
      ).list.map((notice) => notice.id);
    expect(await forSubject(s.subjectId)).toEqual([chosen.id, everyone.id]);
    expect(await forSubject(other.subjectId)).toEqual([everyone.id]);

    expectOk(
      await writer.put(`${BASE}/updateInstruction`, {
        id: chosen.id,
        title: 'Both job types',
        body: '<p>No metal jewellery.</p>',
        allSubjects: false,
        subjectIds: [s.subjectId, other.subjectId],
        enabled: false,
      }),
    );
    const edited = expectOk(
      await writer.get<InstructionView>(`${BASE}/getInstruction/${chosen.id}`),
    );
    expect(edited).toMatchObject({ enabled: false, subjectIds: [s.subjectId, other.subjectId] });
    expect(await forSubject(other.subjectId)).toEqual([chosen.id, everyone.id]);
    expectOk(await writer.delete(`${BASE}/deleteInstruction/${chosen.id}`));
    expectStatus(await writer.get(`${BASE}/getInstruction/${chosen.id}`), ApiStatus.NOT_FOUND);
  });

  it('refuses a notice for no job type, an unknown job type, an empty body, and writes nothing', async () => {
    const before = await t.handle.db.selectFrom('instructions').select('id').execute();
    expectStatus(
      await writer.post(`${BASE}/addInstruction`, {
        title: 'X',
        body: '<p>x</p>',
        allSubjects: false,
      }),
      ApiStatus.INVALID_INPUT,
      /^subjectIds: choose the job types it is for/,
    );
    expectStatus(
      await writer.post(`${BASE}/addInstruction`, {
        title: 'X',
        body: '<p>x</p>',
        allSubjects: false,
        subjectIds: [999999],
      }),
      ApiStatus.INVALID_INPUT,
      'subjectIds: no job type 999999',
    );
    expectStatus(
      await writer.post(`${BASE}/addInstruction`, { title: 'X', body: '<script>x</script>' }),
      ApiStatus.INVALID_INPUT,
      'body: the notice has no text',
    );
    expectStatus(
      await writer.post(`${BASE}/addInstruction`, { title: 'X', body: '<b>'.repeat(60_000) }),
      ApiStatus.INVALID_INPUT,
      /^body: /,
    );
    expect(await t.handle.db.selectFrom('instructions').select('id').execute()).toEqual(before);
  });

  it('needs EXAM-INSTRUCTION and role SUPER', async () => {
    const role = await createRole(t.admin, {
      permissionKeys: [Perm.PUBLISH_GROUP, Perm.INSTRUCTION],
    });
    const user = await addUser(t.admin, { userType: UserType.TEACHER, roleIds: [role.roleId] });
    const noSuper = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expectStatus(await noSuper.get(`${BASE}/listInstruction`), ApiStatus.FORBIDDEN, /SUPER/);
  });
});
