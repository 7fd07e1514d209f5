import { Perm, addPermissionBody, idParams, updatePermissionBody } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { needs } from '../../plugins/access.js';
import type { PermissionService } from './permission.service.js';

const BASE = '/api/kaoshi-user/permission';

export async function permissionRoutes(
  app: FastifyInstance,
  opts: { permissions: PermissionService },
) {
  const { permissions } = opts;
  const manage = needs(Perm.SYSTEM_PERMISSION);
  const tags = ['permissions'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get('listPermissionTree', { access: needs(Perm.SYSTEM_PERMISSION, Perm.SYSTEM_ROLE) }, () =>
    permissions.tree(),
  );

  route.post('addPermission', { body: addPermissionBody }, (request) =>
    permissions.add(request.body),
  );

  route.put('updatePermission', { body: updatePermissionBody }, (request) =>
    permissions.update(request.body),
  );

  route.delete('deletePermission/:id', { params: idParams }, (request) =>
    permissions.delete(request.params.id),
  );
}
