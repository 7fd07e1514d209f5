import { describe, expect, it } from 'vitest';
import {
  filterAsyncRoutes,
  flattenRoutes,
  hasPermission,
  keepRequestedPath,
  routeOfPath,
} from './permission-filter';
import type { AppRoute } from './types';

const route = (
  path: string,
  meta: Partial<AppRoute['meta']> = {},
  children?: AppRoute[],
): AppRoute => ({
  path,
  name: path,
  meta: { title: 'noName', ...meta },
  ...(children && { children }),
});

const table: AppRoute[] = [
  route('/system', { permissions: ['SYSTEM'] }, [
    route('/system/users', { permissions: ['SYSTEM-USER'] }),
    route('/system/roles', { permissions: ['SYSTEM-ROLE'] }),
  ]),
  route('/open'),
  route('/publish', { permissions: ['PUBLISH-MANAGE'], roles: ['SUPER'] }, [
    route('/publish/papers', { permissions: ['EXAM-MANAGE'] }),
  ]),
  route('/exam', { permissions: ['STUDENT-EXAM'] }),
];
const paths = (routes: AppRoute[]) => flattenRoutes(routes).map((r) => r.path);

describe('filterAsyncRoutes (spec §6)', () => {
  it('gives SUPER_ADMIN every route, the publishing group included', () => {
    expect(paths(filterAsyncRoutes(table, { roles: ['SUPER_ADMIN'], permissions: [] }))).toEqual(
      paths(table),
    );
  });

  it('keeps routes sharing a key, routes without keys, and filters children the same way', () => {
    const result = filterAsyncRoutes(table, {
      roles: ['TEACHER'],
      permissions: ['SYSTEM', 'SYSTEM-USER'],
    });
    expect(paths(result)).toEqual(['/system', '/system/users', '/open']);
  });

  it('drops the publishing group without role SUPER, even with its keys', () => {
    const keys = ['PUBLISH-MANAGE', 'EXAM-MANAGE'];
    expect(paths(filterAsyncRoutes(table, { roles: ['TEACHER'], permissions: keys }))).toEqual([
      '/open',
    ]);
    expect(
      paths(filterAsyncRoutes(table, { roles: ['TEACHER', 'SUPER'], permissions: keys })),
    ).toEqual(['/open', '/publish', '/publish/papers']);
  });

  it('gives a student only the exam page and open routes', () => {
    expect(
      paths(filterAsyncRoutes(table, { roles: ['STUDENT'], permissions: ['STUDENT-EXAM'] })),
    ).toEqual(['/open', '/exam']);
  });

  it('does not change the table it filters', () => {
    const before = JSON.stringify(table);
    filterAsyncRoutes(table, { roles: ['TEACHER'], permissions: ['SYSTEM'] });
    expect(JSON.stringify(table)).toBe(before);
  });

  it('hasPermission needs one shared key, or none named', () => {
    expect(
      hasPermission(route('/x', { permissions: ['A', 'B'] }), { roles: [], permissions: ['B'] }),
    ).toBe(true);
    expect(
      hasPermission(route('/x', { permissions: ['A'] }), { roles: [], permissions: ['B'] }),
    ).toBe(false);
    expect(hasPermission(route('/x'), { roles: [], permissions: [] })).toBe(true);
  });
});

describe('keepRequestedPath (spec §2)', () => {
  const generated = filterAsyncRoutes(table, {
    roles: ['TEACHER'],
    permissions: ['SYSTEM', 'SYSTEM-USER'],
  });
  it('keeps a generated route, a path below one, and /dashboard', () => {
    expect(keepRequestedPath('/system/users', generated)).toBe(true);
    expect(keepRequestedPath('/system/users/7', generated)).toBe(true);
    expect(keepRequestedPath('/dashboard', generated)).toBe(true);
  });
  it('sends anything else to /', () => {
    expect(keepRequestedPath('/exam', generated)).toBe(false);
    expect(keepRequestedPath('/nowhere', generated)).toBe(false);
    expect(keepRequestedPath('/systemx', generated)).toBe(false);
  });
});

describe('routeOfPath', () => {
  it('finds the deepest route a path opens or lies under, and nothing for an unknown path', () => {
    expect(routeOfPath('/system/users', table)?.path).toBe('/system/users');
    expect(routeOfPath('/system/users/7', table)?.path).toBe('/system/users');
    expect(routeOfPath('/system', table)?.path).toBe('/system');
    expect(routeOfPath('/systemx', table)).toBeUndefined();
    expect(routeOfPath('/nowhere', table)).toBeUndefined();
  });
});
