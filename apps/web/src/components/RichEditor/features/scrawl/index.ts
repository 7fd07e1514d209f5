import type { EditorFeature } from '../../feature';
import { ScrawlTool } from './ScrawlTool';

/** A drawing board whose PNG is uploaded (base64, the editor's scrawl action) and inserted. */
export const scrawlFeature: EditorFeature = {
  name: 'scrawl',
  Tool: ScrawlTool,
};
