import type { MarkingProgressView } from '@kaoshi/shared';
import { Drawer, Grid, type DrawerProps } from 'antd';
import type { EntityDialogProps } from '../../components/form/EntityFormDialog';

/** What the overview passes each of its dialogs and drawers: the exam's marking progress. */
export interface MarkingDialogProps extends EntityDialogProps {
  view: MarkingProgressView;
}

/**
 * A drawer over the marking overview: `width` from the `wideFrom` breakpoint on, the whole
 * width below it; closing it drops its content, so the next opening reads afresh.
 */
export function MarkingDrawer({
  width,
  wideFrom,
  ...drawer
}: Omit<DrawerProps, 'size' | 'width'> & { width: number; wideFrom: 'md' | 'lg' }) {
  const screens = Grid.useBreakpoint();
  return <Drawer {...drawer} size={screens[wideFrom] ? width : '100%'} destroyOnHidden />;
}
