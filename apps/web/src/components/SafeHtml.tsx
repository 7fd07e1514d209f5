import { useMemo } from 'react';
import { sanitizeHtml } from '../utils/sanitize-html';

interface SafeHtmlProps {
  html: string;
  /** Render in a span (inside a line, e.g. an option label) instead of a div. */
  inline?: boolean;
  className?: string;
}

/**
 * The only way the web app shows user HTML: sanitized with the shared allow-list on every render,
 * whatever the server stored.
 */
export function SafeHtml({ html, inline = false, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      className={['kaoshi-html', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
