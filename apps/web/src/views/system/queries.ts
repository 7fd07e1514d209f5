/** TanStack Query keys of the system screens; a prefix invalidates every page of a list. */
export const systemKeys = {
  users: ['system', 'users'] as const,
  roles: ['system', 'roles'] as const,
  roleOptions: ['system', 'roleOptions'] as const,
  permissionTree: ['system', 'permissionTree'] as const,
  rolePermissions: ['system', 'rolePermissions'] as const,
};
