import type { EditorFeature } from '../../feature';
import { ChartTool } from './ChartTool';
import { TableChart } from './chart-extension';

/** Charts from tables (docs/spec.md §5): `data-chart` on the table, drawn with ECharts under it. */
export const chartFeature: EditorFeature = {
  name: 'chart',
  extensions: [TableChart],
  Tool: ChartTool,
};
