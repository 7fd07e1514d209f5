import {
  type AddPermissionBody,
  type AddRoleBody,
  type AddUserBody,
  type ListResult,
  type ListRoleQuery,
  type ListUserQuery,
  type PermissionView,
  type RoleView,
  type UpdatePermissionBody,
  type UserView,
} from '@kaoshi/shared';
import { request, type CallOptions, type ListCall } from './request';

const USER = '/api/kaoshi-user/user';
const ROLE = '/api/kaoshi-user/role';
const PERMISSION = '/api/kaoshi-user/permission';

export type UserQuery = ListCall<ListUserQuery>;
/** The user form's fields; the API layer adds the hashed default password (docs/spec.md §7). */
export type UserInput = Omit<AddUserBody, 'password'>;

export const listUsers = (query: UserQuery) =>
  request.get<ListResult<UserView>>(`${USER}/listUser`, query);
export const getUser = (id: number) =>
  request.get<UserView>(`${USER}/queryUserDetailByUserId/${id}`);

let defaultPassword: Promise<string> | undefined;
/** The server's default password as its client hash, asked once per page (it is configuration). */
function defaultPasswordHash(): Promise<string> {
  defaultPassword ??= request
    .get<{ password: string }>(`${USER}/getDefaultPassword`)
    .then(({ password }) => password)
    .catch((error: unknown) => {
      defaultPassword = undefined;
      throw error;
    });
  return defaultPassword;
}

/**
 * docs/spec.md §7: the body carries the hashed default password. The server gives a new user that one;
 * an edit never changes a password (reSetPass and updatePass do).
 */
export const addUser = async (user: UserInput, options?: CallOptions) =>
  request.post<{ id: number }>(
    `${USER}/addUser`,
    { ...user, password: await defaultPasswordHash() },
    options,
  );
export const updateUser = async (id: number, user: UserInput, options?: CallOptions) =>
  request.put<null>(
    `${USER}/updateUser`,
    { id, ...user, password: await defaultPasswordHash() },
    options,
  );
export const deleteUser = (id: number) => request.delete<null>(`${USER}/deleteUser/${id}`);
export const bindUserRoles = (userId: number, roleIds: number[]) =>
  request.post<null>(`${USER}/bindUserWithRole`, { userId, roleIds });
export const resetUserPassword = (id: number) => request.get<null>(`${USER}/reSetPass/${id}`);

export type RoleQuery = ListCall<ListRoleQuery>;
export type RoleInput = AddRoleBody;
export interface RoleOption {
  roleId: number;
  name: string;
  key: string;
}

export const listRoles = (query: RoleQuery) =>
  request.get<ListResult<RoleView>>(`${ROLE}/listRole`, query);
export const getRole = (id: number) => request.get<RoleView>(`${ROLE}/getRoleById/${id}`);
export const addRole = (role: RoleInput, options?: CallOptions) =>
  request.post<{ roleId: number }>(`${ROLE}/addRole`, role, options);
export const updateRole = (roleId: number, role: RoleInput, options?: CallOptions) =>
  request.put<null>(`${ROLE}/updateRole`, { roleId, ...role }, options);
export const deleteRole = (id: number) => request.delete<null>(`${ROLE}/deleteRole/${id}`);
export const listRolePermissionIds = (id: number) =>
  request.get<number[]>(`${ROLE}/listRoleRefPermission/${id}`);
/** docs/spec.md §7: form-encoded, permissionIds comma-separated. */
export const bindRolePermissions = (roleId: number, permissionIds: number[]) =>
  request.form<null>(`${ROLE}/bindRoleWithPermission`, {
    roleId,
    permissionIds: permissionIds.join(','),
  });
export const listRoleOptions = () => request.get<RoleOption[]>(`${ROLE}/listAllRolesForSelect`);

export const listPermissionTree = () =>
  request.get<PermissionView[]>(`${PERMISSION}/listPermissionTree`);
export const addPermission = (permission: AddPermissionBody, options?: CallOptions) =>
  request.post<{ id: number }>(`${PERMISSION}/addPermission`, permission, options);
export const updatePermission = (permission: UpdatePermissionBody, options?: CallOptions) =>
  request.put<null>(`${PERMISSION}/updatePermission`, permission, options);
export const deletePermission = (id: number) =>
  request.delete<null>(`${PERMISSION}/deletePermission/${id}`);
