import type { EditorFeature } from '../../feature';
import { TemplatesTool } from './TemplatesTool';

/** Layouts for exam questions, inserted at the cursor or replacing the content. */
export const templatesFeature: EditorFeature = {
  name: 'templates',
  Tool: TemplatesTool,
};
