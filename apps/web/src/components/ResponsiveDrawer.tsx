import { Drawer, Grid, type DrawerProps } from 'antd';

/**
 * A drawer `width` wide from the `wideFrom` breakpoint on, the whole width below it (a phone);
 * closing it drops its content, so the next opening reads afresh.
 */
export function ResponsiveDrawer({
  width,
  wideFrom,
  ...drawer
}: Omit<DrawerProps, 'size' | 'width'> & { width: number; wideFrom: 'md' | 'lg' }) {
  const screens = Grid.useBreakpoint();
  return <Drawer {...drawer} size={screens[wideFrom] ? width : '100%'} destroyOnHidden />;
}
