import type { CertLevel } from '@kaoshi/shared';
import type { Client } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';

/** Test helpers: builds exam structure through the API (project → category → job type → batch). */

export const SCHOOL = '/api/kaoshi-school/school';
export const DEPARTMENT = '/api/kaoshi-school/department';
export const SUBJECT = '/api/kaoshi-school/subject';
export const CLASSES = '/api/kaoshi-school/classes';

let counter = 0;
/** A code no other call in this test file has used. */
export const uniqueCode = (prefix = 'C') => `${prefix}-${++counter}`;

export async function addSchool(admin: Client, fields: Record<string, unknown> = {}) {
  const code = uniqueCode('P');
  const body = { name: `Project ${code}`, code, ...fields };
  const { id } = expectOk(await admin.post<{ id: number }>(`${SCHOOL}/addSchool`, body));
  return { id, name: body.name as string, code: body.code as string };
}

export async function addDepartment(
  admin: Client,
  schoolId: number,
  fields: Record<string, unknown> = {},
) {
  const code = uniqueCode('D');
  const body = { schoolId, name: `Category ${code}`, code, ...fields };
  const { id } = expectOk(await admin.post<{ id: number }>(`${DEPARTMENT}/addDepartment`, body));
  return { id, name: body.name as string, code: body.code as string };
}

export async function addSubject(
  admin: Client,
  departmentId: number,
  fields: Record<string, unknown> = {},
) {
  const code = uniqueCode('4-01');
  const body = { departmentId, name: `Job type ${code}`, code, levels: [5, 4, 3], ...fields };
  const { id } = expectOk(await admin.post<{ id: number }>(`${SUBJECT}/addSubject`, body));
  return { id, name: body.name as string, code: body.code as string };
}

export async function addClass(
  admin: Client,
  subjectId: number,
  fields: Record<string, unknown> = {},
) {
  const code = uniqueCode('B');
  const body = { subjectId, level: 5, name: `Batch ${code}`, code, ...fields };
  const { id } = expectOk(await admin.post<{ id: number }>(`${CLASSES}/addClasses`, body));
  return { id, name: body.name as string, code: body.code as string };
}

/** A whole chain: project, category, job type (levels 5, 4, 3) and a level-`level` batch. */
export async function addStructure(admin: Client, level: CertLevel = 5) {
  const school = await addSchool(admin);
  const department = await addDepartment(admin, school.id);
  const subject = await addSubject(admin, department.id);
  const batch = await addClass(admin, subject.id, { level });
  return { school, department, subject, batch };
}
