import type { EditorFeature } from '../feature';

/** The editor tools, in toolbar order: one entry per feature folder. */
export const EDITOR_FEATURES: EditorFeature[] = [];
