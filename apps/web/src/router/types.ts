import type { ComponentType, LazyExoticComponent } from 'react';
import type { Messages } from '../i18n/types';

export type RouteTitle = keyof Messages['route'];

/** Spec §3 route meta. */
export interface RouteMeta {
  title: RouteTitle;
  icon?: string;
  /** Keys of which the user needs one; none means every signed-in user. */
  permissions?: readonly string[];
  /** Roles of which the user needs one (the publishing group needs SUPER). */
  roles?: readonly string[];
  /** Pinned tab that cannot be closed. */
  affix?: boolean;
  /** Not kept alive when its tab is in the background. */
  noCache?: boolean;
  /** No breadcrumb entry. */
  breadcrumb?: boolean;
}

/** One entry of the route table. Paths are absolute, so a route means the same wherever it is used. */
export interface AppRoute {
  path: string;
  /** Unique; the page cache of the tags view is keyed by it. */
  name?: string;
  component?: LazyExoticComponent<ComponentType>;
  /** A group's path leads to its first child the user may see. */
  redirect?: string;
  hidden?: boolean;
  /** Show a group in the menu even with a single child. */
  alwaysShow?: boolean;
  meta?: RouteMeta;
  children?: AppRoute[];
}
