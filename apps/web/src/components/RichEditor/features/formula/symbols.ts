/**
 * The formula dialog's buttons. A snippet's cursor lands on its first empty `{}` (or at its end),
 * so "\frac{}{}" puts the cursor in the numerator.
 */
export interface FormulaSnippet {
  /** Message key under editorTools.formula for templates; the symbol itself for the others. */
  label: string;
  latex: string;
}

export const FORMULA_TEMPLATES: readonly FormulaSnippet[] = [
  { label: 'fraction', latex: '\\frac{}{}' },
  { label: 'sqrt', latex: '\\sqrt{}' },
  { label: 'root', latex: '\\sqrt[]{}' },
  { label: 'superscript', latex: '^{}' },
  { label: 'subscript', latex: '_{}' },
  { label: 'sum', latex: '\\sum_{i=1}^{n} ' },
  { label: 'integral', latex: '\\int_{a}^{b} ' },
  { label: 'limit', latex: '\\lim_{x \\to \\infty} ' },
  { label: 'matrix', latex: '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}' },
];

const GREEK = [
  ['α', 'alpha'],
  ['β', 'beta'],
  ['γ', 'gamma'],
  ['δ', 'delta'],
  ['ε', 'varepsilon'],
  ['θ', 'theta'],
  ['λ', 'lambda'],
  ['μ', 'mu'],
  ['π', 'pi'],
  ['ρ', 'rho'],
  ['σ', 'sigma'],
  ['φ', 'varphi'],
  ['ω', 'omega'],
  ['Δ', 'Delta'],
  ['Σ', 'Sigma'],
  ['Ω', 'Omega'],
] as const;

export const FORMULA_GREEK: readonly FormulaSnippet[] = GREEK.map(([label, name]) => ({
  label,
  latex: `\\${name} `,
}));

export const FORMULA_SYMBOLS: readonly FormulaSnippet[] = [
  ['±', '\\pm '],
  ['×', '\\times '],
  ['÷', '\\div '],
  ['·', '\\cdot '],
  ['≤', '\\le '],
  ['≥', '\\ge '],
  ['≠', '\\ne '],
  ['≈', '\\approx '],
  ['∞', '\\infty '],
  ['∠', '\\angle '],
  ['°', '^{\\circ}'],
  ['⊥', '\\perp '],
  ['∥', '\\parallel '],
  ['∈', '\\in '],
  ['→', '\\rightarrow '],
  ['%', '\\%'],
].map(([label, latex]) => ({ label: label!, latex: latex! }));

/** The text after inserting a snippet over [start, end), and where the cursor goes. */
export function insertSnippet(
  value: string,
  start: number,
  end: number,
  snippet: string,
): { value: string; cursor: number } {
  const hole = snippet.indexOf('{}');
  const bracket = snippet.indexOf('[]');
  const first = [hole, bracket].filter((at) => at >= 0);
  const offset = first.length > 0 ? Math.min(...first) + 1 : snippet.length;
  return { value: value.slice(0, start) + snippet + value.slice(end), cursor: start + offset };
}
