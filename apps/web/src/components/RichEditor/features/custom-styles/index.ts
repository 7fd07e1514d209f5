import type { EditorFeature } from '../../feature';
import { CustomStylesTool } from './CustomStylesTool';
import { CustomBlockStyle, CustomInlineStyle } from './custom-style-extension';

/** docs/spec.md §9: the 4 default custom styles, applied from a dropdown. */
export const customStylesFeature: EditorFeature = {
  name: 'custom-styles',
  extensions: [CustomBlockStyle, CustomInlineStyle],
  Tool: CustomStylesTool,
};
