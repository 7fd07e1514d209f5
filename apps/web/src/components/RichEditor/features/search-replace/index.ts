import type { EditorFeature } from '../../feature';
import { SearchReplaceTool } from './SearchReplaceTool';
import { SearchReplace } from './search-plugin';

/** Find and replace, with the matches highlighted by decorations (never saved). */
export const searchReplaceFeature: EditorFeature = {
  name: 'search-replace',
  extensions: [SearchReplace],
  Tool: SearchReplaceTool,
};
