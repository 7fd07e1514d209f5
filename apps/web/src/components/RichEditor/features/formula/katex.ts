import type Katex from 'katex';
import type { KatexOptions } from 'katex';

type KatexModule = typeof Katex;

let loading: Promise<KatexModule> | undefined;

/** KaTeX and its stylesheet, fetched once, only by pages that show a formula. */
export function loadKatex(): Promise<KatexModule> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([katex]) => katex.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * How every formula is typeset. `trust: false`: \\href, \\url, \\includegraphics and \\html… would
 * write links, images and attributes of the author's choosing into the page, outside the HTML
 * allow-list (an image pointed at one of our API paths is a request the viewer never chose); they
 * show as unsupported commands instead.
 */
export const KATEX_OPTIONS = {
  throwOnError: true,
  displayMode: false,
  strict: 'ignore',
  trust: false,
} as const satisfies KatexOptions;

/** Red source text marks a formula KaTeX cannot read, in the editor and on rendered pages alike. */
export const FORMULA_ERROR_COLOR = '#f5222d';

/**
 * Renders one formula into an element. A formula KaTeX cannot parse shows its LaTeX source in red
 * (the error as a tooltip): never throws. Returns the error message, or null on success.
 */
export function renderFormulaInto(
  katex: KatexModule,
  element: HTMLElement,
  latex: string,
): string | null {
  try {
    katex.render(latex, element, KATEX_OPTIONS);
    element.style.removeProperty('color');
    element.removeAttribute('title');
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    element.textContent = latex;
    element.style.color = FORMULA_ERROR_COLOR;
    element.title = message;
    return message;
  }
}
