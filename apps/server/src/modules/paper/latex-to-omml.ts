import {
  Math as OfficeMath,
  MathFraction,
  MathIntegral,
  MathLimitLower,
  MathLimitUpper,
  MathRadical,
  MathRun,
  MathSubScript,
  MathSubSuperScript,
  MathSum,
  MathSuperScript,
  TextRun,
  type MathComponent,
  type ParagraphChild,
} from 'docx';
import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import katex from 'katex';

const isElement = (node: ChildNode): node is Element => node.type === 'tag';
const elements = (node: Element) => node.children.filter(isElement);
const textContent = (node: ChildNode): string =>
  node.type === 'text' ? node.data : isElement(node) ? node.children.map(textContent).join('') : '';

const SUMS = new Set(['∑', '∏', '∐', '⋃', '⋂', '⨁', '⨂']);
const INTEGRALS = new Set(['∫', '∬', '∭', '∮']);

/** The large operator a script or limit hangs on (∑, ∫), if the base is one. */
function largeOperator(base: Element | undefined): 'sum' | 'integral' | undefined {
  if (base?.name !== 'mo') return undefined;
  const text = textContent(base).trim();
  if (SUMS.has(text)) return 'sum';
  if (INTEGRALS.has(text)) return 'integral';
  return undefined;
}

/**
 * KaTeX's MathML of a formula as Office Math parts: the elements KaTeX writes map one to one
 * onto Word's (fraction, scripts, radicals, n-ary operators, limits); any other element keeps
 * its content in order, so nothing of the formula is lost.
 */
function convert(nodes: ChildNode[]): MathComponent[] {
  return nodes.flatMap((node) => (isElement(node) ? convertElement(node) : []));
}

function convertElement(node: Element): MathComponent[] {
  const [first, second, third] = elements(node);
  const part = (element: Element | undefined) => (element ? convertElement(element) : []);
  switch (node.name) {
    case 'mi':
    case 'mn':
    case 'mo':
    case 'mtext':
    case 'ms': {
      const text = textContent(node);
      return text ? [new MathRun(text)] : [];
    }
    case 'mspace':
      return [new MathRun(' ')];
    case 'annotation':
    case 'annotation-xml':
      return [];
    case 'mfrac':
      return [new MathFraction({ numerator: part(first), denominator: part(second) })];
    case 'msqrt':
      return [new MathRadical({ children: convert(node.children) })];
    case 'mroot':
      return [new MathRadical({ children: part(first), degree: part(second) })];
    case 'msup':
    case 'msub':
    case 'msubsup':
    case 'munder':
    case 'mover':
    case 'munderover': {
      const under = node.name === 'msub' || node.name === 'munder' ? second : undefined;
      const over = node.name === 'msup' || node.name === 'mover' ? second : undefined;
      const lower = node.name.endsWith('subsup') || node.name === 'munderover' ? second : under;
      const upper = node.name.endsWith('subsup') || node.name === 'munderover' ? third : over;
      const operator = largeOperator(first);
      if (operator) {
        const options = {
          children: [],
          subScript: lower ? part(lower) : undefined,
          superScript: upper ? part(upper) : undefined,
        };
        return [operator === 'sum' ? new MathSum(options) : new MathIntegral(options)];
      }
      const base = part(first);
      if (node.name === 'msup')
        return [new MathSuperScript({ children: base, superScript: part(over) })];
      if (node.name === 'msub')
        return [new MathSubScript({ children: base, subScript: part(under) })];
      if (node.name === 'msubsup') {
        return [
          new MathSubSuperScript({
            children: base,
            subScript: part(lower),
            superScript: part(upper),
          }),
        ];
      }
      // An accent or a limit above or below (\overline, \hat, \lim_{x→0}): Word's limit objects.
      let limited: MathComponent[] = base;
      if (lower) {
        limited = [new MathLimitLower({ children: limited, limit: part(lower) }) as MathComponent];
      }
      if (upper) {
        limited = [new MathLimitUpper({ children: limited, limit: part(upper) }) as MathComponent];
      }
      return limited;
    }
    case 'mtable':
      // Rows of a matrix or cases, one after another: readable, if not laid out as a grid.
      return elements(node).flatMap((row, index) => [
        ...(index > 0 ? [new MathRun('; ')] : []),
        ...elements(row).flatMap((cell, column) => [
          ...(column > 0 ? [new MathRun(', ')] : []),
          ...convert(cell.children),
        ]),
      ]);
    default:
      return convert(node.children);
  }
}

/**
 * A stored formula as a Word equation (Office Math, which Word shows and edits as an equation),
 * through KaTeX's MathML, so Word reads what the print view shows. A formula KaTeX cannot read
 * stays as its source text in a math font: readable, never lost.
 */
export function latexToWord(latex: string, format: { bold?: boolean } = {}): ParagraphChild {
  let mathml: string;
  try {
    mathml = katex.renderToString(latex, {
      output: 'mathml',
      throwOnError: true,
      strict: 'ignore',
    });
  } catch {
    return new TextRun({ text: latex, font: 'Cambria Math', ...format });
  }
  const math = parseDocument(mathml).children.flatMap((node) =>
    isElement(node) ? findAll(node, 'semantics') : [],
  )[0];
  return new OfficeMath({ children: math ? convert(math.children) : [new MathRun(latex)] });
}

function findAll(node: Element, name: string): Element[] {
  if (node.name === name) return [node];
  return elements(node).flatMap((child) => findAll(child, name));
}
