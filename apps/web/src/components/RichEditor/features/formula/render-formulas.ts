import { loadKatex, renderFormulaInto } from './katex';

/**
 * Renders every stored formula (`<span data-type="formula" data-latex="…">`) inside root with
 * KaTeX. Formulas KaTeX cannot read show their source in red; nothing here throws, so a page with a
 * broken formula (or no network for the KaTeX chunk) still shows its text.
 */
export async function renderFormulas(root: HTMLElement): Promise<void> {
  const formulas = root.querySelectorAll<HTMLElement>('[data-type="formula"]');
  if (formulas.length === 0) return;
  let katex;
  try {
    katex = await loadKatex();
  } catch {
    return;
  }
  for (const element of formulas) {
    renderFormulaInto(
      katex,
      element,
      element.getAttribute('data-latex') ?? element.textContent ?? '',
    );
  }
}
