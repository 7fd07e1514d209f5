import { describe, expect, it } from 'vitest';
import { STRUCTURE_CHAIN, cascadeReset } from './cascade';

describe('cascadeReset', () => {
  it('clears every field below the one that changed', () => {
    expect(cascadeReset(STRUCTURE_CHAIN, { schoolId: 3 })).toEqual({
      departmentId: undefined,
      subjectId: undefined,
      level: undefined,
      classId: undefined,
    });
    expect(cascadeReset(STRUCTURE_CHAIN, { subjectId: 7 })).toEqual({
      level: undefined,
      classId: undefined,
    });
  });

  it('clears below a parent that was cleared', () => {
    expect(cascadeReset(['schoolId', 'departmentId'], { schoolId: undefined })).toEqual({
      departmentId: undefined,
    });
  });

  it('uses the highest field when several changed', () => {
    expect(cascadeReset(STRUCTURE_CHAIN, { level: 5, departmentId: 2 })).toEqual({
      subjectId: undefined,
      level: undefined,
      classId: undefined,
    });
  });

  it('leaves the form alone for the last field or a field outside the chain', () => {
    expect(cascadeReset(STRUCTURE_CHAIN, { classId: 4 })).toEqual({});
    expect(cascadeReset(STRUCTURE_CHAIN, { keyword: 'a' })).toEqual({});
  });

  it('works on a part of the chain', () => {
    expect(cascadeReset(['schoolId', 'departmentId', 'subjectId'], { schoolId: 1 })).toEqual({
      departmentId: undefined,
      subjectId: undefined,
    });
  });
});
