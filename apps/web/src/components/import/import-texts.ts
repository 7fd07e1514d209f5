/** Where an import's texts live: every import names its steps, buttons and notices alike. */
export type ImportTexts = 'base.import' | 'question.import';

export type ImportStep = 'file' | 'preview' | 'mode' | 'progress' | 'result';
export const IMPORT_STEPS: readonly ImportStep[] = [
  'file',
  'preview',
  'mode',
  'progress',
  'result',
];

/** What to do with bad rows: write the good ones, or write nothing unless every row is good. */
export type ImportMode = 'skipInvalid' | 'allOrNothing';
