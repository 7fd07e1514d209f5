import { Perm, type ListResult, type StudentView } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, signedInTeacher } from '../../../test/factories.js';
import { maskIdNumber } from './student.service.js';
import { assignTeacher, createBatch, nextResidentId, studentBody } from './test-data.js';

const STUDENT = '/api/kaoshi-base/student';

describe('ID numbers in the student list (docs/operations/security.md)', () => {
  let t: TestApp;
  let admin: Client;
  let teacher: Awaited<ReturnType<typeof signedInTeacher>>;
  let created: { id: number };
  const idNumber = nextResidentId();

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    const batch = await createBatch(t.handle.db, { levels: '5', level: 5 });
    teacher = await signedInTeacher(t.app, admin, [Perm.STUDENT]);
    await assignTeacher(t.handle.db, batch.classId, teacher.id);
    created = expectOk(
      await admin.post<{ id: number }>(
        `${STUDENT}/addStudent`,
        studentBody(batch.classId, { idNumber }),
      ),
    );
  });
  afterAll(() => t.close());

  it('masks all but the region: never a digit of the end, which an initial password may be made of', () => {
    expect(maskIdNumber('110101199003071234')).toBe('110101************');
    expect(maskIdNumber('E12345678')).toBe('E12******');
    expect(maskIdNumber('123')).toBe('1**');
    for (const idNumber of ['110101199003071234', 'E12345678', 'A1234567', '1234567890']) {
      expect(maskIdNumber(idNumber).slice(-6)).toMatch(/^\*+$/);
    }
  });

  it('never sends a full ID number in a list, to an administrator or a teacher', async () => {
    for (const client of [admin, teacher.client]) {
      // Searching by the full number still finds the student.
      const found = expectOk(
        await client.get<ListResult<StudentView>>(`${STUDENT}/listStudent`, {
          keyword: idNumber,
        }),
      );
      expect(found.list.map((student) => student.id)).toEqual([created.id]);
      expect(found.list[0]!.idNumber).toBe(maskIdNumber(idNumber));
      expect(JSON.stringify(found)).not.toContain(idNumber);
    }
  });

  it('sends the full number to whoever opens the student to edit it', async () => {
    for (const client of [admin, teacher.client]) {
      const student = expectOk(
        await client.get<StudentView>(`${STUDENT}/getStudentById/${created.id}`),
      );
      expect(student.idNumber).toBe(idNumber);
    }
  });
});
