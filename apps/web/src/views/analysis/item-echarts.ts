import { ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as registerParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the facility × discrimination scatter uses (DESIGN: import from echarts/core).
registerParts([
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  SVGRenderer,
]);

export { init };
