import { BarChart, BoxplotChart, LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only the parts the statistics figures use (DESIGN: import from echarts/core): the histogram with
// its pass line, the box plots and the pass-rate trend.
registerParts([
  BarChart,
  BoxplotChart,
  LineChart,
  GridComponent,
  MarkLineComponent,
  TooltipComponent,
  SVGRenderer,
]);

export { init };
