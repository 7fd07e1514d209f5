import { Perm, RoleKey } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en';
import es from '../i18n/locales/es';
import ja from '../i18n/locales/ja';
import zh from '../i18n/locales/zh';
import {
  isBuiltInRole,
  seededPermission,
  seededRole,
  seededRoleDescription,
} from './builtin-labels';

describe('built-in labels', () => {
  it('translates a built-in permission only while it keeps its seeded name', () => {
    expect(seededPermission(Perm.SYSTEM_USER, '用户管理')).toBe(Perm.SYSTEM_USER);
    expect(seededPermission(Perm.SYSTEM_USER, 'Accounts')).toBeUndefined();
    expect(seededPermission('MY-OWN', '用户管理')).toBeUndefined();
  });

  it('translates a built-in role only while it keeps its seeded name and description', () => {
    expect(seededRole(RoleKey.SUPER_ADMIN, '超级管理员')).toBe(RoleKey.SUPER_ADMIN);
    expect(seededRole(RoleKey.SUPER_ADMIN, 'Root')).toBeUndefined();
    expect(seededRole('CLERK', '超级管理员')).toBeUndefined();
    expect(seededRoleDescription(RoleKey.STUDENT, 'Takes exams online.')).toBe(RoleKey.STUDENT);
    expect(seededRoleDescription(RoleKey.STUDENT, '')).toBeUndefined();
  });

  it('knows the built-in roles', () => {
    expect(isBuiltInRole(RoleKey.QUESTION_WRITER)).toBe(true);
    expect(isBuiltInRole(RoleKey.TEACHER)).toBe(false);
    expect(isBuiltInRole('CLERK')).toBe(false);
  });

  it.each([
    ['en', en],
    ['zh', zh],
    ['es', es],
    ['ja', ja],
  ])('%s has a non-empty label for every built-in permission and role', (_, messages) => {
    for (const key of Object.values(Perm)) {
      expect(messages.system.permissionNames[key], key).toMatch(/\S/);
    }
    for (const key of Object.values(RoleKey)) {
      expect(messages.system.roleNames[key], key).toMatch(/\S/);
      expect(messages.system.roleDescriptions[key], key).toMatch(/\S/);
    }
  });
});
