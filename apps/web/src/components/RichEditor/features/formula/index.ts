import type { EditorFeature } from '../../feature';
import { FormulaTool } from './FormulaTool';
import { Formula } from './formula-node';

/** KaTeX formulas: `<span data-type="formula" data-latex="…">`, inserted and edited in a dialog. */
export const formulaFeature: EditorFeature = {
  name: 'formula',
  extensions: [Formula],
  Tool: FormulaTool,
  inCompact: true,
};
