import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { permissionRoutes } from './permission.routes.js';
import { PermissionService } from './permission.service.js';
import { roleRoutes } from './role.routes.js';
import { RoleService } from './role.service.js';
import { userRoutes } from './user.routes.js';
import { UserService } from './user.service.js';

/** Users, roles and permissions. */
export async function systemModule(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  await app.register(userRoutes, { users: new UserService(db, config) });
  await app.register(roleRoutes, { roles: new RoleService(db) });
  await app.register(permissionRoutes, { permissions: new PermissionService(db) });
}
