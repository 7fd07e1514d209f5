import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { dbId } from './common.js';

export const permissionKey = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .refine(
    (value) => /^[A-Z][A-Z0-9_-]*$/.test(value),
    schemaMessage('upperCaseKey', { chars: '- _' }),
  );

const permissionFields = {
  /** 0 or absent: a top-level entry. */
  parentId: z.preprocess((v) => (v === '' || v === null ? 0 : v), z.coerce.number().int().min(0)),
  name: z.string().trim().min(1).max(50),
  key: permissionKey,
  type: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
  linkType: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(0),
  path: z.string().trim().max(200).default(''),
  icon: z.string().trim().max(50).default(''),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
};

export const addPermissionBody = z.object(permissionFields);
export type AddPermissionBody = z.infer<typeof addPermissionBody>;

export const updatePermissionBody = z.object({ id: dbId, ...permissionFields });
export type UpdatePermissionBody = z.infer<typeof updatePermissionBody>;

export interface PermissionView {
  id: number;
  parentId: number;
  name: string;
  key: string;
  type: number;
  linkType: number;
  path: string;
  icon: string;
  sort: number;
  builtIn: boolean;
  children?: PermissionView[];
}
