// Word's formulas (OMML, <m:oMath>) as the LaTeX the rich text editor keeps in
// <span data-type="formula" data-latex="…">. A small subset: fractions, sub/superscripts,
// radicals, delimiters, n-ary operators (sums, integrals), function names and the common
// operators and Greek letters. Any other construct keeps its text and is named, so the caller
// can report it.

/** An element of the document with its children and the text directly inside it. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export const childOf = (node: XmlNode | undefined, name: string) =>
  node?.children.find((found) => found.name === name);

/** An attribute as Word writes it (w:val, m:val …), prefix or not. */
export const attributeOf = (node: XmlNode | undefined, name: string) =>
  node?.attributes[name] ?? node?.attributes[name.replace(/^[a-z]+:/, '')];

/** Every text inside a node, in order. */
export function textInside(node: XmlNode): string {
  return node.text + node.children.map(textInside).join('');
}

const SYMBOLS: Record<string, string> = {
  '×': '\\times ',
  '÷': '\\div ',
  '±': '\\pm ',
  '∓': '\\mp ',
  '·': '\\cdot ',
  '⋅': '\\cdot ',
  '≤': '\\le ',
  '≥': '\\ge ',
  '≠': '\\ne ',
  '≈': '\\approx ',
  '≡': '\\equiv ',
  '∞': '\\infty ',
  '∝': '\\propto ',
  '→': '\\rightarrow ',
  '∠': '\\angle ',
  '°': '^{\\circ}',
  '∴': '\\therefore ',
  '∵': '\\because ',
  '∈': '\\in ',
  '∉': '\\notin ',
  '⊂': '\\subset ',
  '∪': '\\cup ',
  '∩': '\\cap ',
  '∅': '\\emptyset ',
  '∑': '\\sum ',
  '∫': '\\int ',
  '∏': '\\prod ',
  '∮': '\\oint ',
  '△': '\\triangle ',
  '⊥': '\\perp ',
  '∥': '\\parallel ',
  α: '\\alpha ',
  β: '\\beta ',
  γ: '\\gamma ',
  δ: '\\delta ',
  ε: '\\varepsilon ',
  θ: '\\theta ',
  λ: '\\lambda ',
  μ: '\\mu ',
  π: '\\pi ',
  ρ: '\\rho ',
  σ: '\\sigma ',
  τ: '\\tau ',
  φ: '\\varphi ',
  ω: '\\omega ',
  Δ: '\\Delta ',
  Ω: '\\Omega ',
  Σ: '\\Sigma ',
  Φ: '\\Phi ',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  _: '\\_',
  $: '\\$',
  '\\': '\\backslash ',
  '^': '\\wedge ',
  '~': '\\sim ',
};
const FUNCTIONS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'log', 'ln', 'lg', 'exp']);
const DELIMITERS: Record<string, string> = { '{': '\\{', '}': '\\}', '|': '|', '‖': '\\|' };
const NARY: Record<string, string> = { '∑': '\\sum', '∏': '\\prod', '∫': '\\int', '∮': '\\oint' };

const symbolsOf = (text: string) => [...text].map((char) => SYMBOLS[char] ?? char).join('');
const delimiter = (char: string | undefined, fallback: string) => {
  const value = char ?? fallback;
  if (value === '') return '.';
  return DELIMITERS[value] ?? value;
};

/** The LaTeX of one OMML formula, and the OMML elements it could not turn into LaTeX. */
export function ommlToLatex(math: XmlNode): { latex: string; unknown: string[] } {
  const unknown = new Set<string>();
  const group = (node: XmlNode | undefined) => `{${node ? inside(node) : ''}}`;
  const inside = (node: XmlNode): string => node.children.map(convert).join('');
  const convert = (node: XmlNode): string => {
    switch (node.name) {
      case 'm:r': {
        const text = node.children
          .filter((found) => found.name === 'm:t')
          .map((found) => found.text)
          .join('');
        return FUNCTIONS.has(text.trim()) ? `\\${text.trim()} ` : symbolsOf(text);
      }
      case 'm:f':
        return `\\frac${group(childOf(node, 'm:num'))}${group(childOf(node, 'm:den'))}`;
      case 'm:sSup':
        return `${group(childOf(node, 'm:e'))}^${group(childOf(node, 'm:sup'))}`;
      case 'm:sSub':
        return `${group(childOf(node, 'm:e'))}_${group(childOf(node, 'm:sub'))}`;
      case 'm:sSubSup':
        return `${group(childOf(node, 'm:e'))}_${group(childOf(node, 'm:sub'))}^${group(childOf(node, 'm:sup'))}`;
      case 'm:rad': {
        const degree = childOf(node, 'm:deg');
        const hidden = attributeOf(childOf(childOf(node, 'm:radPr'), 'm:degHide'), 'm:val');
        const shown = degree && hidden !== '1' && hidden !== 'on' ? inside(degree) : '';
        return `\\sqrt${shown ? `[${shown}]` : ''}${group(childOf(node, 'm:e'))}`;
      }
      case 'm:d': {
        const properties = childOf(node, 'm:dPr');
        const open = delimiter(attributeOf(childOf(properties, 'm:begChr'), 'm:val'), '(');
        const close = delimiter(attributeOf(childOf(properties, 'm:endChr'), 'm:val'), ')');
        const separator = attributeOf(childOf(properties, 'm:sepChr'), 'm:val') ?? '|';
        const parts = node.children.filter((found) => found.name === 'm:e').map(inside);
        return `\\left${open}${parts.join(symbolsOf(separator))}\\right${close}`;
      }
      case 'm:nary': {
        const properties = childOf(node, 'm:naryPr');
        const char = attributeOf(childOf(properties, 'm:chr'), 'm:val') ?? '∫';
        const operator = NARY[char] ?? symbolsOf(char);
        const sub = childOf(node, 'm:sub');
        const sup = childOf(node, 'm:sup');
        return (
          operator +
          (sub && inside(sub) ? `_${group(sub)}` : '') +
          (sup && inside(sup) ? `^${group(sup)}` : '') +
          group(childOf(node, 'm:e'))
        );
      }
      case 'm:func':
        return `${inside(childOf(node, 'm:fName') ?? node)}${group(childOf(node, 'm:e'))}`;
      case 'm:bar':
        return `\\overline${group(childOf(node, 'm:e'))}`;
      case 'm:oMath':
      case 'm:e':
      case 'm:num':
      case 'm:den':
      case 'm:sub':
      case 'm:sup':
      case 'm:deg':
      case 'm:fName':
      case 'm:box':
      case 'm:borderBox':
        return inside(node);
      default:
        // Properties (m:fPr, m:ctrlPr, w:rPr …) carry no content.
        if (/Pr$/.test(node.name) || node.name.startsWith('w:')) return '';
        unknown.add(node.name);
        return symbolsOf(textInside(node));
    }
  };
  const latex = inside(math)
    .replace(/\s+/g, ' ')
    .replace(/ (?=})/g, '')
    .trim();
  return { latex, unknown: [...unknown] };
}
