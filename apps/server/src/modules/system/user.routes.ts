import {
  Perm,
  addUserBody,
  bindUserWithRoleBody,
  idParams,
  listUserQuery,
  updatePassBody,
  updateUserBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { clearSessionCookies, needs, requireAuth } from '../../plugins/access.js';
import type { UserService } from './user.service.js';

const BASE = '/api/kaoshi-user/user';

export async function userRoutes(app: FastifyInstance, opts: { users: UserService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users } = opts;
  const manage = { access: needs(Perm.SYSTEM_USER) };
  const tags = ['users'];

  r.get(
    `${BASE}/listUser`,
    { config: manage, schema: { tags, querystring: listUserQuery } },
    async (request) => ok(await users.list(request.query)),
  );

  // docs/spec.md §7: addUser and updateUser carry the hashed default password. The web asks for it here
  // rather than holding a copy of DEFAULT_PASSWORD, so the two cannot disagree.
  r.get(
    `${BASE}/getDefaultPassword`,
    {
      config: manage,
      schema: { tags, summary: 'The default password as its client hash, for addUser/updateUser' },
    },
    async () => ok({ password: users.defaultPasswordHash }),
  );

  r.post(
    `${BASE}/addUser`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a user (password: client hash; default if absent)',
        body: addUserBody,
      },
    },
    async (request) => ok(await users.add(request.body, requireAuth(request))),
  );

  r.get(
    `${BASE}/queryUserDetailByUserId/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await users.detail(request.params.id)),
  );

  r.put(
    `${BASE}/updateUser`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update a user (its password is not changed here)',
        body: updateUserBody,
      },
    },
    async (request) => {
      await users.update(request.body, requireAuth(request));
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteUser/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => {
      await users.delete(request.params.id, requireAuth(request));
      return ok(null);
    },
  );

  r.post(
    `${BASE}/bindUserWithRole`,
    {
      config: manage,
      schema: { tags, summary: "Replace a user's roles", body: bindUserWithRoleBody },
    },
    async (request) => {
      await users.bindRoles(request.body.userId, request.body.roleIds, requireAuth(request));
      return ok(null);
    },
  );

  r.get(
    `${BASE}/reSetPass/:id`,
    {
      config: { ...manage, changesData: true },
      schema: {
        tags,
        summary:
          "Reset to the default password (an examinee's to their initial password, answered as " +
          '{ initialPassword }); ends their sessions',
        params: idParams,
      },
    },
    async (request) => ok(await users.resetPassword(request.params.id, requireAuth(request))),
  );

  r.post(
    `${BASE}/updatePass`,
    {
      config: { access: 'session', beforePasswordChange: true },
      schema: {
        tags,
        summary: 'Change your own password (client hashes); ends all your sessions',
        body: updatePassBody,
      },
    },
    async (request, reply) => {
      await users.changeOwnPassword(
        requireAuth(request),
        request.body.oldPass,
        request.body.newPass,
      );
      clearSessionCookies(reply);
      return ok(null);
    },
  );
}
