import { describe, expect, it } from 'vitest';
import {
  addClassBody,
  certLevels,
  classScheduleProblem,
  listSchoolQuery,
  scheduleDate,
  structureCode,
} from './school.js';

describe('certLevels', () => {
  it('reads an array or a comma-separated string; unique, highest number first', () => {
    expect(certLevels.parse([3, 5, 4, 5])).toEqual([5, 4, 3]);
    expect(certLevels.parse('1, 2')).toEqual([2, 1]);
    expect(certLevels.parse(['4'])).toEqual([4]);
  });
  it.each([[[]], [[6]], [[0]], [''], [['x']], [[4.5]], [null]])('refuses %j', (value) => {
    expect(certLevels.safeParse(value).success).toBe(false);
  });
});

describe('structureCode', () => {
  it('takes national occupation codes and plain codes', () => {
    expect(structureCode.parse(' 4-01-02-01 ')).toBe('4-01-02-01');
    expect(structureCode.parse('ELEC_2025')).toBe('ELEC_2025');
  });
  it.each(['', 'a b', '中文', 'x'.repeat(33), "a'b", 'a.b'])('refuses %j', (value) => {
    expect(structureCode.safeParse(value).success).toBe(false);
  });
});

describe('scheduleDate', () => {
  it('keeps a calendar day, stores an instant in UTC, reads empty as none', () => {
    expect(scheduleDate.parse('2025-03-01')).toBe('2025-03-01');
    expect(scheduleDate.parse('2025-03-01T08:00:00+08:00')).toBe('2025-03-01T00:00:00.000Z');
    expect(scheduleDate.parse('')).toBeNull();
    expect(scheduleDate.parse(null)).toBeNull();
    expect(scheduleDate.parse(undefined)).toBeUndefined();
  });
  it.each(['2025-02-30', '2025-3-1', '2025-03-01T08:00:00', 'soon', 20250301])(
    'refuses %j',
    (value) => {
      expect(scheduleDate.safeParse(value).success).toBe(false);
    },
  );
});

describe('classScheduleProblem', () => {
  it('passes missing dates and periods in order', () => {
    expect(classScheduleProblem({})).toBeUndefined();
    expect(
      classScheduleProblem({
        registrationStart: '2025-03-01',
        registrationEnd: '2025-03-01',
        examStart: '2025-03-01T09:00:00.000Z',
        examEnd: '2025-03-01',
      }),
    ).toBeUndefined();
  });
  it('names the field that breaks a rule', () => {
    expect(
      classScheduleProblem({ registrationStart: '2025-03-02', registrationEnd: '2025-03-01' })
        ?.field,
    ).toBe('registrationEnd');
    expect(
      classScheduleProblem({
        examStart: '2025-03-01T10:00:00.000Z',
        examEnd: '2025-03-01T09:00:00.000Z',
      })?.field,
    ).toBe('examEnd');
    expect(
      classScheduleProblem({ registrationStart: '2025-03-02', examStart: '2025-03-01' })?.field,
    ).toBe('examStart');
    expect(
      classScheduleProblem({ registrationStart: '2025-03-02', examEnd: '2025-03-01' })?.field,
    ).toBe('examEnd');
  });
  it('is checked by the add body, on the field to blame', () => {
    const result = addClassBody.safeParse({
      subjectId: 1,
      level: 5,
      name: 'B',
      code: 'B1',
      registrationStart: '2025-03-02',
      registrationEnd: '2025-03-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['registrationEnd']);
  });
});

describe('listSchoolQuery', () => {
  it('reads empty filters as none and takes only whitelisted orderings', () => {
    expect(listSchoolQuery.parse({ keyword: '', status: '', orderBy: '', order: '' })).toEqual({
      page: 1,
      limit: 20,
    });
    expect(listSchoolQuery.parse({ status: '0', orderBy: 'name', order: 'desc' })).toMatchObject({
      status: 0,
      orderBy: 'name',
      order: 'desc',
    });
    expect(listSchoolQuery.safeParse({ orderBy: 'id; drop' }).success).toBe(false);
  });
});
