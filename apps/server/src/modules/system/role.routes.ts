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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import type { RoleService } from './role.service.js';

const BASE = '/api/kaoshi-user/role';

export async function roleRoutes(app: FastifyInstance, opts: { roles: RoleService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { roles } = opts;
  const manage = { access: needs(Perm.SYSTEM_ROLE) };
  const tags = ['roles'];

  r.get(
    `${BASE}/listRole`,
    { config: manage, schema: { tags, querystring: listRoleQuery } },
    async (request) => ok(await roles.list(request.query)),
  );

  r.post(
    `${BASE}/addRole`,
    { config: manage, schema: { tags, body: addRoleBody } },
    async (request) => ok(await roles.add(request.body)),
  );

  r.get(
    `${BASE}/getRoleById/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await roles.get(request.params.id)),
  );

  r.put(
    `${BASE}/updateRole`,
    { config: manage, schema: { tags, body: updateRoleBody } },
    async (request) => {
      await roles.update(request.body, requireAuth(request));
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteRole/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => {
      await roles.delete(request.params.id, requireAuth(request));
      return ok(null);
    },
  );

  r.get(
    `${BASE}/listRoleRefPermission/:id`,
    {
      config: manage,
      schema: { tags, summary: "Ids of the role's permissions", params: idParams },
    },
    async (request) => ok(await roles.permissionIds(request.params.id)),
  );

  r.post(
    `${BASE}/bindRoleWithPermission`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Form: roleId, permissionIds (comma-separated); replaces the set',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: bindRoleWithPermissionBody,
      },
    },
    async (request) => {
      await roles.bindPermissions(
        request.body.roleId,
        request.body.permissionIds,
        requireAuth(request),
      );
      return ok(null);
    },
  );

  r.get(
    `${BASE}/listAllRolesForSelect`,
    { config: { access: needs(Perm.SYSTEM_ROLE, Perm.SYSTEM_USER) }, schema: { tags } },
    async () => ok(await roles.listForSelect()),
  );

  r.post(
    `${BASE}/listPermissionKeysByRoles`,
    {
      // Part of loading the session (docs/spec.md §4), also before an initial password is changed.
      config: { access: 'session', beforePasswordChange: true },
      schema: {
        tags,
        summary: 'Form: roles (comma-separated role keys); answers their permission keys',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: permissionKeysByRolesBody,
      },
    },
    async (request) => ok(await roles.keysOfRoles(requireAuth(request), request.body.roles)),
  );
}
