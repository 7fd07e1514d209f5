import {
  SESSION_MARKER_COOKIE,
  TOKEN_COOKIE,
  clientPasswordHash,
  type Envelope,
} from '@kaoshi/shared';
import type { BrowserContext } from 'playwright-core';
import { E2E_ADMIN_PASSWORD } from './browser';

/** The server's default password of new users (config DEFAULT_PASSWORD, not set by the e2e setup). */
export const DEFAULT_PASSWORD = '123456';

/** Sets up data for browser tests through the real API, as an API client would. */
export class ApiClient {
  private constructor(
    private readonly baseURL: string,
    private readonly token: string,
  ) {}

  static async signIn(
    baseURL: string,
    username = 'admin',
    password = E2E_ADMIN_PASSWORD,
    userType = 1,
  ) {
    const response = await fetch(`${baseURL}/api/kaoshi-user/security/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: clientPasswordHash(password), userType }),
    });
    const body = (await response.json()) as Envelope<{ token: string }>;
    if (body.status !== 200) throw new Error(`sign-in as ${username} failed: ${body.message}`);
    return new ApiClient(baseURL, body.data.token);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.status !== 200)
      throw new Error(`${method} ${path}: ${envelope.status} ${envelope.message}`);
    return envelope.data;
  }

  async roleId(key: string) {
    const roles = await this.call<{ roleId: number; key: string }[]>(
      'GET',
      '/api/kaoshi-user/role/listAllRolesForSelect',
    );
    const role = roles.find((r) => r.key === key);
    if (!role) throw new Error(`no role ${key}`);
    return role.roleId;
  }

  /**
   * A user with the given roles and the default password, or `password` (then the user is not
   * asked to change it after signing in).
   */
  async createUser(
    name: string,
    userType: number,
    roleKeys: string[],
    nickName = name,
    password?: string,
  ) {
    const { id } = await this.call<{ id: number }>('POST', '/api/kaoshi-user/user/addUser', {
      name,
      nickName,
      userType,
      ...(password !== undefined && { password: clientPasswordHash(password) }),
    });
    const roleIds = await Promise.all(roleKeys.map((key) => this.roleId(key)));
    await this.call('POST', '/api/kaoshi-user/user/bindUserWithRole', { userId: id, roleIds });
    return id;
  }

  /** The id of the user with exactly this name, if any. */
  async userId(name: string): Promise<number | undefined> {
    const { list } = await this.call<{ list: { id: number; name: string }[] }>(
      'GET',
      `/api/kaoshi-user/user/listUser?name=${encodeURIComponent(name)}&limit=500`,
    );
    return list.find((user) => user.name === name)?.id;
  }

  /**
   * Gives a browser context this client's session, as if it had signed in through the page: the
   * HttpOnly token cookie and the marker cookie the route guard reads. Contexts sharing one
   * client share one session: a sign-out in one ends it for all.
   */
  async addSessionTo(context: BrowserContext) {
    await context.addCookies([
      { name: TOKEN_COOKIE, value: this.token, url: this.baseURL, httpOnly: true, sameSite: 'Lax' },
      { name: SESSION_MARKER_COOKIE, value: '1', url: this.baseURL, sameSite: 'Lax' },
    ]);
  }
}

/** A job type of its own project and category, with a course and appraisal points per level. */
export interface KnowledgeFixture {
  subjectId: number;
  jobTypeName: string;
  jobTypeCode: string;
  level: number;
  course: { id: number; name: string; code: string };
  points: { id: number; name: string; code: string }[];
}

/**
 * Project → category → job type (one level) → a course → appraisal points, named after `tag`
 * so that runs never collide. What the question bank's screens hang questions on.
 */
export async function createKnowledge(
  api: ApiClient,
  tag: string,
  { level = 5, points = ['安全用电', '电路识图'] }: { level?: number; points?: string[] } = {},
): Promise<KnowledgeFixture> {
  const { id: schoolId } = await api.call<{ id: number }>(
    'POST',
    '/api/kaoshi-school/school/addSchool',
    { name: `题库项目${tag}`, code: `QP-${tag}` },
  );
  const { id: departmentId } = await api.call<{ id: number }>(
    'POST',
    '/api/kaoshi-school/department/addDepartment',
    { schoolId, name: `题库类别${tag}`, code: `QD-${tag}` },
  );
  const jobTypeName = `维修电工${tag}`;
  const jobTypeCode = `QS-${tag}`;
  const { id: subjectId } = await api.call<{ id: number }>(
    'POST',
    '/api/kaoshi-school/subject/addSubject',
    { departmentId, name: jobTypeName, code: jobTypeCode, levels: [level] },
  );
  const knowledge = '/api/kaoshi-base/knowledge/addKnowledge';
  const course = { name: `电工基础${tag}`, code: 'C1' };
  const { id: courseId } = await api.call<{ id: number }>('POST', knowledge, {
    type: 'cn',
    subjectId,
    level,
    ...course,
  });
  const created = [];
  for (const [index, name] of points.entries()) {
    const point = { name: `${name}${tag}`, code: `1.${index + 1}` };
    const { id } = await api.call<{ id: number }>('POST', knowledge, {
      type: 'kn',
      subjectId,
      level,
      parentId: courseId,
      importance: 'X',
      weight: Math.floor(100 / points.length),
      ...point,
    });
    created.push({ id, ...point });
  }
  return {
    subjectId,
    jobTypeName,
    jobTypeCode,
    level,
    course: { id: courseId, ...course },
    points: created,
  };
}

/** A role holding exactly the permission keys given (and the menus above them for the sidebar). */
export async function createRole(api: ApiClient, key: string, name: string, keys: string[]) {
  interface Node {
    id: number;
    key: string;
    children?: Node[];
  }
  const tree = await api.call<Node[]>('GET', '/api/kaoshi-user/permission/listPermissionTree');
  const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
  const permissionIds = all(tree)
    .filter((node) => keys.includes(node.key))
    .map((node) => node.id);
  const { roleId } = await api.call<{ roleId: number }>('POST', '/api/kaoshi-user/role/addRole', {
    name,
    key,
    description: '',
  });
  await api.call('POST', '/api/kaoshi-user/role/bindRoleWithPermission', { roleId, permissionIds });
  return roleId;
}
