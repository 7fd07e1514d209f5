import {
  Perm,
  addRoleBody,
  bindRoleWithPermissionBody,
  idParams,
  listRoleQuery,
  permissionKeysByRolesBody,
  updateRoleBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { RoleService } from './role.service.js';

const BASE = '/api/kaoshi-user/role';

export async function roleRoutes(app: FastifyInstance, opts: { roles: RoleService }) {
  const { roles } = opts;
  const manage = needs(Perm.SYSTEM_ROLE);
  const tags = ['roles'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get('listRole', { querystring: listRoleQuery }, (request) => roles.list(request.query));

  route.post('addRole', { body: addRoleBody }, (request) => roles.add(request.body));

  route.get('getRoleById/:id', { params: idParams }, (request) => roles.get(request.params.id));

  route.put('updateRole', { body: updateRoleBody }, (request) =>
    roles.update(request.body, requireAuth(request)),
  );

  route.delete('deleteRole/:id', { params: idParams }, (request) =>
    roles.delete(request.params.id, requireAuth(request)),
  );

  route.get(
    'listRoleRefPermission/:id',
    { summary: "Ids of the role's permissions", params: idParams },
    (request) => roles.permissionIds(request.params.id),
  );

  route.post(
    'bindRoleWithPermission',
    {
      summary: 'Form: roleId, permissionIds (comma-separated); replaces the set',
      body: bindRoleWithPermissionBody,
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
    },
    (request) =>
      roles.bindPermissions(request.body.roleId, request.body.permissionIds, requireAuth(request)),
  );

  route.get('listAllRolesForSelect', { access: needs(Perm.SYSTEM_ROLE, Perm.SYSTEM_USER) }, () =>
    roles.listForSelect(),
  );

  route.post(
    'listPermissionKeysByRoles',
    {
      access: 'session',
      config: { beforePasswordChange: true },
      summary: 'Form: roles (comma-separated role keys); answers their permission keys',
      body: permissionKeysByRolesBody,
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
    },
    (request) => roles.keysOfRoles(requireAuth(request), request.body.roles),
  );
}
