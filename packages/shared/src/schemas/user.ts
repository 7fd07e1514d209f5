import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { USER_TYPES } from '../codes.js';
import { CLIENT_HASH_PATTERN } from '../password.js';
import { dbId, flagInput, idList, optionalText, pageQuery } from './common.js';

export const clientHash = z
  .string()
  .refine((value) => CLIENT_HASH_PATTERN.test(value), schemaMessage('clientHash'));

/** Login names: students sign in with ticket or ID numbers, staff with short names. */
export const username = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .refine(
    (value) => /^[A-Za-z0-9_.@-]+$/.test(value),
    schemaMessage('onlyCharacters', { chars: '_ . @ -' }),
  );

export const userTypeSchema = z.coerce
  .number()
  .int()
  .refine(
    (value) => (USER_TYPES as readonly number[]).includes(value),
    schemaMessage('oneOf', { values: USER_TYPES.join(', ') }),
  );

/** A calendar date (YYYY-MM-DD) or a full ISO-8601 instant; empty means none. */
const endDate = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)), schemaMessage('isoDate'))
    .nullable()
    .optional(),
);

const url = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(value),
    schemaMessage('httpUrlOrPath'),
  );

const userFields = {
  name: username,
  nickName: z.string().trim().min(1).max(50),
  userType: userTypeSchema,
  email: z.union([z.literal(''), z.email().max(100)]).optional(),
  introduction: z.string().max(500).optional(),
  avatar: url.optional(),
  endDate,
  remoteLogin: flagInput.optional(),
};

export const addUserBody = z.object({
  ...userFields,
  /** The client hash of the initial password; the default password when left out. */
  password: clientHash.optional(),
});
export type AddUserBody = z.infer<typeof addUserBody>;

export const updateUserBody = z.object({
  id: dbId,
  ...userFields,
  /** Sent by older clients; passwords change only through reSetPass and updatePass. */
  password: z.string().max(200).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const listUserQuery = pageQuery.extend({
  name: optionalText(64),
  nickName: optionalText(50),
  userType: z.preprocess((v) => (v === '' ? undefined : v), userTypeSchema.optional()),
});
export type ListUserQuery = z.infer<typeof listUserQuery>;

export const bindUserWithRoleBody = z.object({
  userId: dbId,
  roleIds: idList(50),
});

export const updatePassBody = z
  .object({ oldPass: clientHash, newPass: clientHash })
  .refine((body) => body.oldPass !== body.newPass, {
    path: ['newPass'],
    ...schemaMessage('mustDifferFromOldPassword'),
  });

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: clientHash,
  verifyCode: z.string().trim().max(10).optional(),
  userType: userTypeSchema,
});
export type LoginBody = z.infer<typeof loginBody>;

/** A user as the API returns it: never with a password. */
export interface UserView {
  id: number;
  name: string;
  nickName: string;
  userType: number;
  email: string;
  introduction: string;
  avatar: string;
  endDate: string | null;
  remoteLogin: number;
  status: number;
  createdAt: string;
  roleIds: number[];
  roleNames: string[];
}

/** The session user of GET authWebUser (docs/spec.md §3). */
export interface SessionUser {
  id: number;
  userid: number;
  name: string;
  nickName: string;
  avatar: string;
  introduction: string;
  roles: string[];
  roleNames: string[];
  permissions: string[];
  userType: number;
  endDate: string | null;
  className: string | null;
  departmentName: string | null;
  email: string;
  remoteLogin: number;
  resourceUrl: string;
  socketOpen: boolean;
  /** True while the password is still the default one: the web app asks for a change. */
  passwordIsDefault: boolean;
}
