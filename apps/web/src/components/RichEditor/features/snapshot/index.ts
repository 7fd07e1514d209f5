import type { EditorFeature } from '../../feature';
import { SnapshotTool } from './SnapshotTool';

/** A screenshot of a screen, window or tab (getDisplayMedia), uploaded and inserted as an image. */
export const snapshotFeature: EditorFeature = {
  name: 'snapshot',
  Tool: SnapshotTool,
};
