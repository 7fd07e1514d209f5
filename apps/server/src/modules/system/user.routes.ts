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
import { routeTable } from '../../plugins/route-table.js';
import { clearSessionCookies, needs, requireAuth } from '../../plugins/access.js';
import type { UserService } from './user.service.js';

const BASE = '/api/kaoshi-user/user';

export async function userRoutes(app: FastifyInstance, opts: { users: UserService }) {
  const { users } = opts;
  const manage = needs(Perm.SYSTEM_USER);
  const tags = ['users'];

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get('listUser', { querystring: listUserQuery }, (request) => users.list(request.query));

  // docs/spec.md §7: addUser and updateUser carry the hashed default password. The web asks for it here
  // rather than holding a copy of DEFAULT_PASSWORD, so the two cannot disagree.
  route.get(
    'getDefaultPassword',
    { summary: 'The default password as its client hash, for addUser/updateUser' },
    async () => ({ password: users.defaultPasswordHash }),
  );

  route.post(
    'addUser',
    { summary: 'Add a user (password: client hash; default if absent)', body: addUserBody },
    (request) => users.add(request.body, requireAuth(request)),
  );

  route.get('queryUserDetailByUserId/:id', { params: idParams }, (request) =>
    users.detail(request.params.id),
  );

  route.put(
    'updateUser',
    { summary: 'Update a user (its password is not changed here)', body: updateUserBody },
    (request) => users.update(request.body, requireAuth(request)),
  );

  route.delete('deleteUser/:id', { params: idParams }, (request) =>
    users.delete(request.params.id, requireAuth(request)),
  );

  route.post(
    'bindUserWithRole',
    { summary: "Replace a user's roles", body: bindUserWithRoleBody },
    (request) => users.bindRoles(request.body.userId, request.body.roleIds, requireAuth(request)),
  );

  route.get(
    'reSetPass/:id',
    {
      config: { changesData: true },
      summary:
        "Reset to the default password (an examinee's to their initial password, answered as " +
        '{ initialPassword }); ends their sessions',
      params: idParams,
    },
    (request) => users.resetPassword(request.params.id, requireAuth(request)),
  );

  route.post(
    'updatePass',
    {
      access: 'session',
      config: { beforePasswordChange: true },
      summary: 'Change your own password (client hashes); ends all your sessions',
      body: updatePassBody,
    },
    async (request, reply) => {
      await users.changeOwnPassword(
        requireAuth(request),
        request.body.oldPass,
        request.body.newPass,
      );
      clearSessionCookies(reply);
    },
  );
}
