import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../components/MenuIcon';
import { usePermissionStore } from '../stores/permission';
import { useSettingsStore } from '../stores/settings';
import type { AppRoute } from '../router/types';

type MenuItem = Required<MenuProps>['items'][number];

/** docs/spec.md §2 sidebar entries: hidden routes skipped, a group with one child shown as that child. */
export function menuEntries(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => {
    if (route.hidden) return [];
    if (!route.children) return route.component ? [route] : [];
    const visible = route.children.filter((child) => !child.hidden);
    if (visible.length === 0) return [];
    if (visible.length === 1 && !route.alwaysShow) return [visible[0]!];
    return [{ ...route, children: visible }];
  });
}

/** The group whose submenu holds `pathname`. */
const groupOf = (routes: readonly AppRoute[], pathname: string) =>
  routes.find((route) => route.children?.some((child) => child.path === pathname))?.path;

export function Sidebar({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = usePermissionStore((state) => state.routes);
  const sidebarLogo = useSettingsStore((state) => state.sidebarLogo);
  const entries = useMemo(() => menuEntries(routes), [routes]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = groupOf(entries, pathname);
    return group ? [group] : [];
  });
  // Re-derive the open group only when the user did not close it: one submenu open at a time.
  const activeGroup = groupOf(entries, pathname);
  const [lastGroup, setLastGroup] = useState(activeGroup);
  if (activeGroup !== lastGroup) {
    setLastGroup(activeGroup);
    if (activeGroup && !openKeys.includes(activeGroup)) setOpenKeys([activeGroup]);
  }

  const items: MenuItem[] = entries.map((route) =>
    route.children
      ? {
          key: route.path,
          icon: <MenuIcon name={route.meta?.icon} />,
          label: t(`route.${route.meta?.title ?? 'noName'}`),
          children: route.children.map((child) => ({
            key: child.path,
            label: t(`route.${child.meta?.title ?? 'noName'}`),
          })),
        }
      : {
          key: route.path,
          icon: <MenuIcon name={route.meta?.icon} />,
          label: t(`route.${route.meta?.title ?? 'noName'}`),
        },
  );

  return (
    <div className="sidebar" data-testid="sidebar">
      {sidebarLogo && (
        <div className="sidebar-logo" onClick={() => navigate('/')}>
          <img src="/logo.svg" alt="" width={28} height={28} />
          {!collapsed && <span className="sidebar-title">{t('common.productShort')}</span>}
        </div>
      )}
      <Menu
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[pathname]}
        {...(collapsed ? {} : { openKeys })}
        onOpenChange={(keys) =>
          setOpenKeys(keys.filter((key) => !openKeys.includes(key)).slice(-1))
        }
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </div>
  );
}
