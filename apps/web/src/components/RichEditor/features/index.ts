import type { EditorFeature } from '../feature';
import { chartFeature } from './chart';
import { customStylesFeature } from './custom-styles';
import { formulaFeature } from './formula';
import { scrawlFeature } from './scrawl';
import { searchReplaceFeature } from './search-replace';
import { snapshotFeature } from './snapshot';
import { templatesFeature } from './templates';

/** The editor tools, in toolbar order: one entry per feature folder. */
export const EDITOR_FEATURES: EditorFeature[] = [
  formulaFeature,
  chartFeature,
  scrawlFeature,
  snapshotFeature,
  templatesFeature,
  searchReplaceFeature,
  customStylesFeature,
];
