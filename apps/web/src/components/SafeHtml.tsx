import { useEffect, useMemo, useRef } from 'react';
import { sanitizeHtml } from '../utils/sanitize-html';
import './rich-content.css';

interface SafeHtmlProps {
  html: string;
  /** Render in a span (inside a line, e.g. an option label) instead of a div. */
  inline?: boolean;
  className?: string;
}

/**
 * The only way the web app shows user HTML: sanitized with the shared allow-list on every render
 * (whatever the server stored), then formulas typeset and table charts drawn.
 */
export function SafeHtml({ html, inline = false, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    // The typesetting code is large: fetch it only when this HTML holds something to typeset.
    if (root.querySelector('[data-type="formula"]')) {
      void import('./RichEditor/features/formula/render-formulas').then(({ renderFormulas }) =>
        cancelled ? undefined : renderFormulas(root),
      );
    }
    if (root.querySelector('table[data-chart]')) {
      void import('./RichEditor/features/chart/render-charts').then(async ({ renderCharts }) => {
        if (cancelled) return;
        const stop = await renderCharts(root);
        if (cancelled) stop();
        else dispose = stop;
      });
    }
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [clean]);

  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      ref={ref as React.Ref<HTMLDivElement & HTMLSpanElement>}
      className={['kaoshi-html', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
