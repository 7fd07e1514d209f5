import { describe, expect, it } from 'vitest';
import { TeachingMaterialType } from './codes.js';
import {
  AUDIT_STATUS_LABELS,
  CODE_LABELS,
  EXAM_STATUS_LABELS,
  IS_PASS_LABELS,
  KNOWLEDGE_TYPE_LABELS,
  MARKING_STATE_LABELS,
  UNKNOWN_LABEL,
  TEACHING_MATERIAL_TYPE_LABELS,
  USER_TYPE_LABELS,
  labelKey,
} from './labels.js';

describe('labelKey', () => {
  it('maps each code to its key', () => {
    expect(labelKey(AUDIT_STATUS_LABELS, 0)).toBe('auditStatus.notStarted');
    expect(labelKey(AUDIT_STATUS_LABELS, 4)).toBe('auditStatus.expired');
    expect(labelKey(USER_TYPE_LABELS, 3)).toBe('userType.student');
    expect(labelKey(KNOWLEDGE_TYPE_LABELS, 'kn')).toBe('knowledgeType.appraisalPoint');
  });

  it('treats numeric strings as their numbers', () => {
    expect(labelKey(AUDIT_STATUS_LABELS, '2')).toBe('auditStatus.passed');
    expect(labelKey(AUDIT_STATUS_LABELS, ' 2 ')).toBe('auditStatus.passed');
  });

  it('reads null, undefined and empty as "not marked" for the marking state only', () => {
    expect(labelKey(MARKING_STATE_LABELS, null)).toBe('markingState.notMarked');
    expect(labelKey(MARKING_STATE_LABELS, undefined)).toBe('markingState.notMarked');
    expect(labelKey(MARKING_STATE_LABELS, '')).toBe('markingState.notMarked');
    expect(labelKey(MARKING_STATE_LABELS, 0)).toBe('markingState.notMarked');
    expect(labelKey(MARKING_STATE_LABELS, 2)).toBe('markingState.marked');
    expect(labelKey(AUDIT_STATUS_LABELS, null)).toBe(UNKNOWN_LABEL);
  });

  it('answers unknown for codes the map does not know', () => {
    expect(labelKey(AUDIT_STATUS_LABELS, 5)).toBe(UNKNOWN_LABEL);
    expect(labelKey(AUDIT_STATUS_LABELS, -1)).toBe(UNKNOWN_LABEL);
    expect(labelKey(AUDIT_STATUS_LABELS, 'toString')).toBe(UNKNOWN_LABEL);
    expect(labelKey(AUDIT_STATUS_LABELS, '__proto__')).toBe(UNKNOWN_LABEL);
    expect(labelKey(KNOWLEDGE_TYPE_LABELS, 'CN')).toBe(UNKNOWN_LABEL);
  });

  it('keeps the spec’s inverted is-pass and the shared in-progress exam status', () => {
    expect(labelKey(IS_PASS_LABELS, 0)).toBe('isPass.yes');
    expect(labelKey(IS_PASS_LABELS, 1)).toBe('isPass.no');
    expect(labelKey(EXAM_STATUS_LABELS, 2)).toBe(labelKey(EXAM_STATUS_LABELS, 4));
  });
});

describe('CODE_LABELS', () => {
  it('prefixes every key with the name of its map', () => {
    for (const [name, map] of Object.entries(CODE_LABELS)) {
      for (const key of Object.values(map)) expect(key.startsWith(`${name}.`)).toBe(true);
    }
  });

  it('covers the codes of spec §4', () => {
    const codes = Object.fromEntries(
      Object.entries(CODE_LABELS).map(([name, map]) => [name, Object.keys(map)]),
    );
    expect(codes).toEqual({
      auditStatus: ['0', '1', '2', '3', '4'],
      markingState: ['0', '1', '2', 'null'],
      groupAudit: ['0', '1', '2'],
      examStatus: ['0', '1', '2', '3', '4', '5'],
      questionType: ['0', '1', '2', '3', '4', '5'],
      permissionType: ['0', '1'],
      linkType: ['0', '1'],
      articleType: ['0', '1'],
      topFlag: ['0', '1'],
      video: ['0', '1'],
      locked: ['0', '1'],
      isPass: ['0', '1'],
      knowledgeType: ['cn', 'kn'],
      userType: ['1', '2', '3'],
      teachingMaterialType: ['0', '2', '3', '4', '5', '6', '7'],
    });
  });
});

describe('teaching-material types', () => {
  it('carry spec §3’s codes, CourseStander 0 to MoralModel 7 with no 1, each with a label', () => {
    expect(TeachingMaterialType).toEqual({
      CourseStander: 0,
      TeachDesign: 2,
      TeachPolicy: 3,
      TeachMaterials: 4,
      TeachOutline: 5,
      TeachAnalysis: 6,
      MoralModel: 7,
    });
    for (const code of Object.values(TeachingMaterialType)) {
      expect(labelKey(TEACHING_MATERIAL_TYPE_LABELS, code)).not.toBe(UNKNOWN_LABEL);
    }
    expect(labelKey(TEACHING_MATERIAL_TYPE_LABELS, 1)).toBe(UNKNOWN_LABEL);
    expect(labelKey(TEACHING_MATERIAL_TYPE_LABELS, 7)).toBe('teachingMaterialType.moralModel');
  });
});
