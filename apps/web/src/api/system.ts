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
/** The user form never sends a password: the server gives a new user the initial one. */
export type UserInput = Omit<AddUserBody, 'password'>;

export const listUsers = (query: UserQuery) =>
  request.get<ListResult<UserView>>(`${USER}/listUser`, query);
export const getUser = (id: number) =>
  request.get<UserView>(`${USER}/queryUserDetailByUserId/${id}`);
/**
 * The spec's client sends the hashed default password; the server knows the configured default
 * (DEFAULT_PASSWORD) and applies it when none is sent, so the two can never disagree.
 */
export const addUser = (user: UserInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${USER}/addUser`, user, options);
export const updateUser = (id: number, user: UserInput, options?: CallOptions) =>
  request.put<null>(`${USER}/updateUser`, { id, ...user }, options);
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
/** Spec §7: form-encoded, permissionIds comma-separated. */
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
