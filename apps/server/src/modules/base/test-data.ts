import { residentIdCheckChar, type ListResult, type StudentView } from '@kaoshi/shared';
import type { Client } from '../../../test/build-app.js';
import type { Db } from '../../db/database.js';

/**
 * Exam structure for the base-data tests, written straight into the database so that these
 * tests do not depend on the school module's API.
 */

let counter = 0;
const next = () => ++counter;
const now = () => new Date().toISOString();

export interface Batch {
  schoolId: number;
  departmentId: number;
  subjectId: number;
  classId: number;
  level: number;
  names: { school: string; department: string; subject: string; class: string };
}

export async function addSchool(db: Db, name = `Project ${next()}`) {
  const at = now();
  const row = await db
    .insertInto('schools')
    .values({
      name,
      code: `P${next()}`,
      organiser: '',
      contact: '',
      description: '',
      status: 1,
      sort: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addDepartment(db: Db, schoolId: number, name = `Category ${next()}`) {
  const at = now();
  const row = await db
    .insertInto('departments')
    .values({
      school_id: schoolId,
      name,
      code: `D${next()}`,
      description: '',
      status: 1,
      sort: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addSubject(
  db: Db,
  departmentId: number,
  options: { name?: string; levels?: string } = {},
) {
  const at = now();
  const row = await db
    .insertInto('subjects')
    .values({
      department_id: departmentId,
      name: options.name ?? `Job type ${next()}`,
      code: `J${next()}`,
      levels: options.levels ?? '5,4,3',
      description: '',
      status: 1,
      sort: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addClass(
  db: Db,
  subjectId: number,
  options: { level?: number; name?: string; capacity?: number } = {},
) {
  const at = now();
  const row = await db
    .insertInto('classes')
    .values({
      subject_id: subjectId,
      level: options.level ?? 5,
      name: options.name ?? `Batch ${next()}`,
      code: `B${next()}`,
      registration_start: null,
      registration_end: null,
      exam_start: null,
      exam_end: null,
      capacity: options.capacity ?? 0,
      status: 1,
      description: '',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new project → category → job type → batch chain (or a new batch under a given job type). */
export async function createBatch(
  db: Db,
  options: { subjectId?: number; level?: number; levels?: string; capacity?: number } = {},
): Promise<Batch> {
  const names = {
    school: `Project ${next()}`,
    department: `Category ${next()}`,
    subject: `Job type ${next()}`,
    class: `Batch ${next()}`,
  };
  let subjectId = options.subjectId;
  let schoolId: number;
  let departmentId: number;
  if (subjectId === undefined) {
    schoolId = await addSchool(db, names.school);
    departmentId = await addDepartment(db, schoolId, names.department);
    subjectId = await addSubject(db, departmentId, { name: names.subject, levels: options.levels });
  } else {
    const row = await db
      .selectFrom('subjects')
      .innerJoin('departments', 'departments.id', 'subjects.department_id')
      .innerJoin('schools', 'schools.id', 'departments.school_id')
      .select([
        'schools.id as school_id',
        'schools.name as school_name',
        'departments.id as department_id',
        'departments.name as department_name',
        'subjects.name as subject_name',
      ])
      .where('subjects.id', '=', subjectId)
      .executeTakeFirstOrThrow();
    schoolId = row.school_id;
    departmentId = row.department_id;
    names.school = row.school_name;
    names.department = row.department_name;
    names.subject = row.subject_name;
  }
  const level = options.level ?? 5;
  const classId = await addClass(db, subjectId, {
    level,
    name: names.class,
    capacity: options.capacity,
  });
  return { schoolId, departmentId, subjectId, classId, level, names };
}

export async function assignTeacher(db: Db, classId: number, userId: number) {
  await db.insertInto('class_teachers').values({ class_id: classId, user_id: userId }).execute();
}

/**
 * A valid 18-digit resident ID number, different for every `n` below 36,500,000: the birth date
 * walks forward from 1970-01-01 one day per 1,000 numbers, the 3-digit sequence takes the rest.
 */
export function residentId(n: number): string {
  const birth = new Date(Date.UTC(1970, 0, 1) + Math.floor(n / 1000) * 86_400_000);
  const date = birth.toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `110105${date}${String(n % 1000).padStart(3, '0')}`;
  return first17 + residentIdCheckChar(first17);
}

let idCounter = 0;
/** A fresh valid resident ID number for each call in a test file. */
export const nextResidentId = () => residentId(++idCounter);

/** An addStudent body for a batch: valid, with a fresh ID number. */
export const studentBody = (classId: number, fields: Record<string, unknown> = {}) => ({
  name: `Student ${next()}`,
  gender: 1,
  idType: 1,
  idNumber: nextResidentId(),
  phone: '13800138000',
  email: '',
  classId,
  ...fields,
});

export const STUDENT = '/api/kaoshi-base/student';

/** What addStudent answers. */
export interface Created {
  id: number;
  userId: number;
  ticketNumber: string;
  initialPassword: string;
}

/** The student calls the tests make, as `admin()` unless another client is given. */
export function studentCalls(admin: () => Client, defaultClassId: () => number) {
  return {
    add: (fields: Record<string, unknown> = {}, client = admin(), classId = defaultClassId()) =>
      client.post<Created>(`${STUDENT}/addStudent`, studentBody(classId, fields)),
    get: (id: number, client = admin()) =>
      client.get<StudentView>(`${STUDENT}/getStudentById/${id}`),
    list: (query: Record<string, string> = {}, client = admin()) =>
      client.get<ListResult<StudentView>>(`${STUDENT}/listStudent`, { limit: '500', ...query }),
    update: (body: Record<string, unknown>, client = admin()) =>
      client.put(`${STUDENT}/updateStudent`, body),
  };
}

/** How many users, students and role grants there are: what an import or a refusal may change. */
export async function rowCounts(db: Db) {
  const count = async (table: 'users' | 'students' | 'user_roles') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    students: await count('students'),
    roles: await count('user_roles'),
  };
}
