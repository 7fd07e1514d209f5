import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsViewStore, type TagView } from './tagsView';

const view = (path: string, meta: Partial<TagView['meta']> = {}): TagView => ({
  path,
  name: path.slice(1) || 'root',
  title: path.slice(1),
  meta: { title: path.slice(1), ...meta },
});
const dashboard = view('/dashboard', { affix: true });
const users = view('/users');
const roles = view('/roles');
const profile = view('/profile', { noCache: true });
const store = () => useTagsViewStore.getState();
const visitedPaths = () => store().visitedViews.map((v) => v.path);

describe('tags view store (spec §4)', () => {
  beforeEach(() => {
    useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
    for (const v of [dashboard, users, roles, profile]) store().addView(v);
  });

  it('adds a view to visited, and to cached unless noCache; never twice by path', () => {
    store().addView(users);
    expect(visitedPaths()).toEqual(['/dashboard', '/users', '/roles', '/profile']);
    expect(store().cachedViews).toEqual(['dashboard', 'users', 'roles']);
  });

  it('falls back to the title no-name', () => {
    store().addView({ path: '/x', name: 'x', title: '', meta: { title: '' } });
    expect(store().visitedViews.at(-1)?.title).toBe('noName');
  });

  it('deletes one view', () => {
    store().delView(users);
    expect(visitedPaths()).toEqual(['/dashboard', '/roles', '/profile']);
    expect(store().cachedViews).toEqual(['dashboard', 'roles']);
  });

  it('close others keeps pinned views and the current one; cached keeps only the current', () => {
    store().delOthersViews(roles);
    expect(visitedPaths()).toEqual(['/dashboard', '/roles']);
    expect(store().cachedViews).toEqual(['roles']);
  });

  it('close all keeps only pinned views and empties the cache', () => {
    store().delAllViews();
    expect(visitedPaths()).toEqual(['/dashboard']);
    expect(store().cachedViews).toEqual([]);
  });

  it('reset after a sign-out leaves no tab, pinned ones included', () => {
    store().reset();
    expect(visitedPaths()).toEqual([]);
    expect(store().cachedViews).toEqual([]);
  });

  it('updates a visited view by path', () => {
    store().updateVisitedView({ ...users, search: '?page=2' });
    expect(store().visitedViews.find((v) => v.path === '/users')?.search).toBe('?page=2');
  });
});
