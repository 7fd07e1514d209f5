import { Perm, addPermissionBody, idParams, updatePermissionBody } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { needs } from '../../plugins/access.js';
import type { PermissionService } from './permission.service.js';

const BASE = '/api/kaoshi-user/permission';

export async function permissionRoutes(
  app: FastifyInstance,
  opts: { permissions: PermissionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { permissions } = opts;
  const manage = { access: needs(Perm.SYSTEM_PERMISSION) };
  const tags = ['permissions'];

  r.get(
    `${BASE}/listPermissionTree`,
    // The role screen shows the same tree to bind permissions.
    { config: { access: needs(Perm.SYSTEM_PERMISSION, Perm.SYSTEM_ROLE) }, schema: { tags } },
    async () => ok(await permissions.tree()),
  );

  r.post(
    `${BASE}/addPermission`,
    { config: manage, schema: { tags, body: addPermissionBody } },
    async (request) => ok(await permissions.add(request.body)),
  );

  r.put(
    `${BASE}/updatePermission`,
    { config: manage, schema: { tags, body: updatePermissionBody } },
    async (request) => {
      await permissions.update(request.body);
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deletePermission/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => {
      await permissions.delete(request.params.id);
      return ok(null);
    },
  );
}
