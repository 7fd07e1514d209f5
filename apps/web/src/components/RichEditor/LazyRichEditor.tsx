import { lazy, Suspense } from 'react';
import { DEFAULT_MIN_HEIGHT } from './constants';
import type { RichEditorProps } from './RichEditor';

const Editor = lazy(() => import('./RichEditor'));

/** Toolbar and footer around the text area, so the page does not jump when the editor arrives. */
const FULL_CHROME = 92;
const COMPACT_CHROME = 66;

/**
 * The rich-text editor, fetched when first rendered: TipTap, KaTeX and ECharts load only on
 * pages that show an editor. Use it as an antd Form control (value / onChange / id / disabled).
 */
export function RichEditor(props: RichEditorProps) {
  const height =
    (props.minHeight ?? DEFAULT_MIN_HEIGHT) + (props.compact ? COMPACT_CHROME : FULL_CHROME);
  return (
    <Suspense
      fallback={
        <div
          className="ke-loading"
          role="status"
          aria-busy="true"
          style={{ height, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fafafa' }}
        />
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}

export type { RichEditorProps };
export { clearEditorDraft } from './autosave';
