import type { EChartsCoreOption, EChartsType, init } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/** A module that has registered the ECharts parts its charts use (DESIGN: only those). */
export interface EchartsParts {
  init: typeof init;
}

interface EChartProps {
  /** Loads the page's own ECharts setup, so the library is fetched only where a chart shows. */
  load: () => Promise<EchartsParts>;
  option: EChartsCoreOption;
  height: number;
  /** What the chart shows, for screen readers (the drawing itself says nothing to them). */
  label: string;
  className?: string;
}

/**
 * An ECharts chart drawn as SVG (sharp in print and screenshots) that follows its container's
 * width and is replaced whole when `option` changes.
 */
export function EChart({ load, option, height, label, className }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType>();

  useEffect(() => {
    let created: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void load().then(({ init: initChart }) => {
      if (cancelled || !box.current) return;
      created = initChart(box.current, null, { renderer: 'svg' });
      observer = new ResizeObserver(() => created?.resize());
      observer.observe(box.current);
      setChart(created);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      created?.dispose();
    };
  }, [load]);

  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className={className}
      style={{ width: '100%', height }}
    />
  );
}
