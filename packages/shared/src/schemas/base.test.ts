import { describe, expect, it } from 'vitest';
import { IdType, residentIdCheckChar } from '../identity.js';
import {
  addKnowledgeBody,
  addStudentBody,
  batchMoveStudentsBody,
  listKnowledgeTreeQuery,
  listStudentQuery,
  percentFromWeight,
  updateKnowledgeBody,
  updateStudentBody,
  weightFromPercent,
  weightPercent,
} from './base.js';

const resident = (first17: string) => first17 + residentIdCheckChar(first17);
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('weights', () => {
  it('reads percent with up to two decimals and converts to hundredths and back', () => {
    expect(weightPercent.parse('35.5')).toBe(35.5);
    expect(weightPercent.parse(35.55)).toBe(35.55);
    expect(weightFromPercent(35.55)).toBe(3555);
    expect(weightFromPercent(0.29)).toBe(29);
    expect(weightFromPercent(100)).toBe(10000);
    expect(percentFromWeight(3550)).toBe(35.5);
  });

  it.each([-0.01, 100.01, 35.555, 'abc', Number.NaN])('refuses %s', (value) => {
    expect(weightPercent.safeParse(value).success).toBe(false);
  });
});

describe('knowledge bodies', () => {
  const course = { subjectId: 1, level: 5, type: 'cn', code: 'C-01', name: 'Safety' };
  const point = {
    ...course,
    type: 'kn',
    parentId: 3,
    code: '1.1',
    importance: 'X',
    weight: 12.5,
  };

  it('accepts a course and an appraisal point, with defaults', () => {
    expect(addKnowledgeBody.parse(course)).toEqual({ ...course, sort: 0 });
    expect(addKnowledgeBody.parse({ ...point, weight: '12.5', level: '5' })).toEqual({
      ...point,
      sort: 0,
    });
  });

  it('names the field it refuses', () => {
    expect(issues(addKnowledgeBody.safeParse({ ...point, importance: 'W' }))).toEqual([
      'importance: Invalid option: expected one of "X"|"Y"|"Z"',
    ]);
    expect(issues(addKnowledgeBody.safeParse({ ...course, level: 6 }))).toEqual([
      'level: must be one of 5, 4, 3, 2, 1',
    ]);
    expect(issues(addKnowledgeBody.safeParse({ ...point, weight: 12.345 }))).toEqual([
      'weight: may have at most two decimals',
    ]);
    expect(issues(addKnowledgeBody.safeParse({ ...course, code: "1'; drop" }))[0]).toMatch(
      /^code:/,
    );
    expect(issues(addKnowledgeBody.safeParse({ ...course, name: 'x'.repeat(201) }))[0]).toMatch(
      /^name:/,
    );
    expect(addKnowledgeBody.safeParse({ ...course, type: 'xx' }).success).toBe(false);
    const { parentId: _parentId, ...orphan } = point;
    expect(issues(addKnowledgeBody.safeParse(orphan))[0]).toMatch(/^parentId:/);
  });

  it('update needs the id and keeps job type and level out', () => {
    const { subjectId: _s, level: _l, ...rest } = course;
    expect(updateKnowledgeBody.parse({ ...course, id: 9 })).toEqual({ ...rest, id: 9, sort: 0 });
    expect(updateKnowledgeBody.safeParse(course).success).toBe(false);
  });

  it('tree query needs a job type and a level', () => {
    expect(listKnowledgeTreeQuery.parse({ subjectId: '4', level: '3' })).toEqual({
      subjectId: 4,
      level: 3,
    });
    expect(listKnowledgeTreeQuery.safeParse({ subjectId: '4' }).success).toBe(false);
  });
});

describe('student bodies', () => {
  const good = {
    name: ' 张三 ',
    idNumber: resident('11010519900307123').toLowerCase(),
    classId: 2,
  };

  it('accepts a student, trims, normalises the ID number and fills defaults', () => {
    const idNumber = resident('11010519900307123');
    expect(addStudentBody.parse(good)).toEqual({
      name: '张三',
      gender: 0,
      idType: IdType.RESIDENT_ID,
      idNumber,
      phone: '',
      email: '',
      classId: 2,
      photo: '',
      status: 1,
    });
    expect(addStudentBody.parse({ ...good, idNumber: '11010519491231002x' }).idNumber).toBe(
      '11010519491231002X',
    );
  });

  it('says which problem a bad resident ID number has', () => {
    expect(issues(addStudentBody.safeParse({ ...good, idNumber: '110105194912310021' }))).toEqual([
      expect.stringMatching(/^idNumber: checksum/),
    ]);
    expect(
      issues(addStudentBody.safeParse({ ...good, idNumber: resident('11010519490231002') })),
    ).toEqual([expect.stringMatching(/^idNumber: birth date/)]);
    expect(issues(addStudentBody.safeParse({ ...good, idNumber: '1101051949' }))).toEqual([
      expect.stringMatching(/^idNumber: a resident ID number/),
    ]);
  });

  it('applies other document types their own rule', () => {
    expect(addStudentBody.parse({ ...good, idType: 2, idNumber: 'e1234567' }).idNumber).toBe(
      'E1234567',
    );
    expect(issues(addStudentBody.safeParse({ ...good, idType: '2', idNumber: 'E1' }))).toEqual([
      expect.stringMatching(/^idNumber: a passport number/),
    ]);
    expect(issues(addStudentBody.safeParse({ ...good, idType: 7 }))).toEqual([
      'idType: must be one of 1, 2, 3, 9',
    ]);
  });

  it('checks phone, email, photo, gender and status', () => {
    expect(addStudentBody.parse({ ...good, phone: '13800138000' }).phone).toBe('13800138000');
    for (const phone of ['12800138000', '1380013800', '+8613800138000', "1'or'1"]) {
      expect(issues(addStudentBody.safeParse({ ...good, phone }))[0]).toMatch(/^phone:/);
    }
    expect(issues(addStudentBody.safeParse({ ...good, email: 'nope' }))[0]).toMatch(/^email:/);
    expect(issues(addStudentBody.safeParse({ ...good, photo: 'javascript:x' }))[0]).toMatch(
      /^photo:/,
    );
    expect(issues(addStudentBody.safeParse({ ...good, gender: 3 }))[0]).toMatch(/^gender:/);
    expect(issues(addStudentBody.safeParse({ ...good, status: 2 }))[0]).toMatch(/^status:/);
    expect(issues(addStudentBody.safeParse({ ...good, name: 'x'.repeat(51) }))[0]).toMatch(
      /^name:/,
    );
  });

  it('update needs the id and checks the ID number the same way', () => {
    expect(updateStudentBody.safeParse(good).success).toBe(false);
    expect(
      issues(updateStudentBody.safeParse({ ...good, id: 1, idNumber: '110105194912310021' })),
    ).toEqual([expect.stringMatching(/^idNumber: checksum/)]);
  });

  it('list query: empty filters are absent, sorting is a whitelist', () => {
    expect(
      listStudentQuery.parse({
        keyword: '',
        level: '',
        status: '',
        classId: '',
        orderBy: '',
        order: '',
      }),
    ).toEqual({ page: 1, limit: 20, orderBy: 'id', order: 'asc' });
    expect(listStudentQuery.parse({ status: '0', level: '4', orderBy: 'className' })).toMatchObject(
      { status: 0, level: 4, orderBy: 'className' },
    );
    expect(listStudentQuery.safeParse({ orderBy: 'password_hash' }).success).toBe(false);
    expect(listStudentQuery.safeParse({ order: 'asc; drop table' }).success).toBe(false);
    expect(listStudentQuery.safeParse({ status: '2' }).success).toBe(false);
  });

  it('batch bodies need at least one id', () => {
    expect(batchMoveStudentsBody.parse({ ids: '3,4,4', classId: '2' })).toEqual({
      ids: [3, 4],
      classId: 2,
    });
    expect(issues(batchMoveStudentsBody.safeParse({ ids: [], classId: 2 }))).toEqual([
      'ids: must name at least one',
    ]);
  });
});
