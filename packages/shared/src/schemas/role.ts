import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { dbId, idList, keyList, optionalText, pageQuery } from './common.js';

export const roleKey = z
  .string()
  .trim()
  .min(2)
  .max(50)
  .refine(
    (value) => /^[A-Z][A-Z0-9_]*$/.test(value),
    schemaMessage('upperCaseKey', { chars: '_' }),
  );

const roleFields = {
  name: z.string().trim().min(1).max(50),
  key: roleKey,
  description: z.string().trim().max(200).optional(),
};

export const addRoleBody = z.object(roleFields);
export type AddRoleBody = z.infer<typeof addRoleBody>;

export const updateRoleBody = z.object({ roleId: dbId, ...roleFields });
export type UpdateRoleBody = z.infer<typeof updateRoleBody>;

export const listRoleQuery = pageQuery.extend({
  name: optionalText(50),
  key: optionalText(50),
});
export type ListRoleQuery = z.infer<typeof listRoleQuery>;

export const bindRoleWithPermissionBody = z.object({
  roleId: dbId,
  permissionIds: idList(1000),
});

export const permissionKeysByRolesBody = z.object({
  roles: keyList(roleKey, 50),
});

export interface RoleView {
  roleId: number;
  name: string;
  key: string;
  description: string;
  userCount: number;
  createdAt: string;
}
