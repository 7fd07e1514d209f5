import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import type { AppRoute, RouteTitle } from '../router/types';
import {
  PINYIN_OPTIONS,
  collectMenuEntries,
  indexMenuEntries,
  matchesMenuQuery,
  searchMenu,
  type PinyinOf,
} from './menu-search';

const Page = 'ComingSoon';

const routes: AppRoute[] = [
  { path: '/dashboard', name: 'Dashboard', component: Page, meta: { title: 'dashboard' } },
  {
    path: '/profile/index',
    name: 'Profile',
    component: Page,
    hidden: true,
    meta: { title: 'profile' },
  },
  {
    path: '/system',
    name: 'System',
    redirect: '/system/userManage',
    meta: { title: 'system' },
    children: [
      {
        path: '/system/userManage',
        name: 'UserManage',
        component: Page,
        meta: { title: 'userManage' },
      },
      {
        path: '/system/roleManage',
        name: 'RoleManage',
        component: Page,
        meta: { title: 'roleManage' },
      },
      {
        path: '/system/secret',
        name: 'Secret',
        component: Page,
        hidden: true,
        meta: { title: 'permissionManage' },
      },
    ],
  },
  {
    path: '/hiddenGroup',
    hidden: true,
    meta: { title: 'baseData' },
    children: [{ path: '/hiddenGroup/page', component: Page, meta: { title: 'examCourse' } }],
  },
  { path: '/untitled', component: Page },
];

const zh: Partial<Record<RouteTitle, string>> = {
  dashboard: '首页',
  system: '系统管理',
  userManage: '用户管理',
  roleManage: '角色管理',
};
const en: Partial<Record<RouteTitle, string>> = {
  dashboard: 'Dashboard',
  system: 'System',
  userManage: 'Users',
  roleManage: 'Roles',
};
const translator = (table: Partial<Record<RouteTitle, string>>) => (title: RouteTitle) =>
  table[title] ?? title;
const pinyinOf: PinyinOf = (text) => pinyin(text, PINYIN_OPTIONS);

describe('collectMenuEntries', () => {
  it('lists the pages with their title path, skipping hidden routes, groups and untitled routes', () => {
    expect(collectMenuEntries(routes, translator(en))).toEqual([
      { path: '/dashboard', titles: ['Dashboard'], label: 'Dashboard' },
      { path: '/system/userManage', titles: ['System', 'Users'], label: 'System / Users' },
      { path: '/system/roleManage', titles: ['System', 'Roles'], label: 'System / Roles' },
    ]);
  });
});

describe('matchesMenuQuery', () => {
  const zhIndex = indexMenuEntries(collectMenuEntries(routes, translator(zh)), pinyinOf);
  const users = zhIndex.find((entry) => entry.path === '/system/userManage')!;
  const paths = (query: string) => searchMenu(zhIndex, query).map((entry) => entry.path);

  it('matches Chinese text', () => {
    expect(matchesMenuQuery(users, '用户')).toBe(true);
    expect(matchesMenuQuery(users, '系统管理 / 用户')).toBe(true);
    expect(matchesMenuQuery(users, '系统管理用户')).toBe(true);
    expect(matchesMenuQuery(users, '角色')).toBe(false);
  });

  it('matches full pinyin, initials and a mix, case-insensitively and ignoring spaces', () => {
    for (const query of [
      'yonghu',
      'yhgl',
      'yhguanli',
      'yonghuguanli',
      'YongHu',
      'yong hu',
      'yongh',
    ]) {
      expect(matchesMenuQuery(users, query), query).toBe(true);
    }
  });

  it('matches across the group and the page', () => {
    expect(matchesMenuQuery(users, 'xtglyhgl')).toBe(true);
    expect(matchesMenuQuery(users, 'guanliyonghu')).toBe(true);
  });

  it('needs consecutive syllables, each from its first letter', () => {
    expect(matchesMenuQuery(users, 'ongh')).toBe(false);
    expect(matchesMenuQuery(users, 'yhxt')).toBe(false);
    expect(matchesMenuQuery(users, 'yonghux')).toBe(false);
  });

  it('finds every page of a shared word and all pages for an empty query', () => {
    expect(paths('gl')).toEqual(['/system/userManage', '/system/roleManage']);
    expect(paths('jsgl')).toEqual(['/system/roleManage']);
    expect(paths('sy')).toEqual(['/dashboard']);
    expect(paths('  ')).toHaveLength(3);
  });

  it('does not match pinyin when the index was built without it', () => {
    const plain = indexMenuEntries(collectMenuEntries(routes, translator(zh)));
    expect(searchMenu(plain, 'yhgl')).toEqual([]);
    expect(searchMenu(plain, '用户').map((entry) => entry.path)).toEqual(['/system/userManage']);
  });

  it('matches English titles case-insensitively', () => {
    const enIndex = indexMenuEntries(collectMenuEntries(routes, translator(en)));
    const enPaths = (query: string) => searchMenu(enIndex, query).map((entry) => entry.path);
    expect(enPaths('users')).toEqual(['/system/userManage']);
    expect(enPaths('SYSTEM')).toEqual(['/system/userManage', '/system/roleManage']);
    expect(enPaths('system / ro')).toEqual(['/system/roleManage']);
    expect(enPaths('dash')).toEqual(['/dashboard']);
    expect(enPaths('nothing')).toEqual([]);
  });
});
