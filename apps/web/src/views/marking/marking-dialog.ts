import type { MarkingProgressView } from '@kaoshi/shared';
import type { EntityDialogProps } from '../../components/form/EntityFormDialog';

/** What the overview passes each of its dialogs and drawers: the exam's marking progress. */
export interface MarkingDialogProps extends EntityDialogProps {
  view: MarkingProgressView;
}
