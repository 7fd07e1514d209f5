import { describe, expect, it } from 'vitest';
import { asyncRoutes, constantLayoutRoutes } from '../router/routes';
import type { AppRoute } from '../router/types';
import { MENU_ICONS } from './MenuIcon';

const iconsOf = (routes: readonly AppRoute[]): string[] =>
  routes.flatMap((route) => [
    ...(route.meta?.icon ? [route.meta.icon] : []),
    ...iconsOf(route.children ?? []),
  ]);

describe('MenuIcon', () => {
  it('bundles every icon the route table names (an unknown name falls back to a generic icon)', () => {
    const missing = iconsOf([...constantLayoutRoutes, ...asyncRoutes]).filter(
      (name) => !(name in MENU_ICONS),
    );
    expect(missing).toEqual([]);
  });
});
