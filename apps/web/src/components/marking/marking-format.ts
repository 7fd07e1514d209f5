import { SCORE_SCALE } from '@kaoshi/shared';

/** Query keys of the marking overview: invalidated together after any change. */
export const markingKeys = {
  all: ['marking'] as const,
  exams: (query: object) => ['marking', 'exams', query] as const,
  progress: (examId: number) => ['marking', 'progress', examId] as const,
  arbitration: (examId: number, page: number) => ['marking', 'arbitration', examId, page] as const,
  audit: (examId: number, itemId: string) => ['marking', 'audit', examId, itemId] as const,
  log: (examId: number, query: object) => ['marking', 'log', examId, query] as const,
};

export const MARKING_PATH = '/examPublishManage/examinationSituation';
/** The overview of one exam: its id rides in the address, so a reload stays on it. */
export const markingExamPath = (examId: number) => `${MARKING_PATH}?examId=${examId}`;
/** The desk (another view): one question of one exam. */
export const deskPath = (examId: number, itemId: string) =>
  `/examinationRead?examId=${examId}&itemId=${encodeURIComponent(itemId)}`;

/**
 * Where an item sits in the paper, from its id (`s<section>q<n>` for a fixed question,
 * `s<section>p<n>` for one of a drawn pool, both counted from 1 by paper-version.ts); null for
 * an id of another shape.
 */
export function itemPlace(itemId: string): { section: number; number: number } | null {
  const match = /^s(\d+)[qp](\d+)$/.exec(itemId);
  if (!match) return null;
  return { section: Number(match[1]), number: Number(match[2]) };
}

const hundredths = (points: number) => Math.round(points * SCORE_SCALE);

/** Whether `score` (points) is a whole number of `step`s: compared in hundredths, never floats. */
export const onStep = (score: number, step: number) =>
  hundredths(step) > 0 && hundredths(score) % hundredths(step) === 0;

/** Points as the screens show them: at most two decimals, no trailing zeros. */
export const points = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : String(Math.round(value * 100) / 100);

/** A share as a whole percent for a progress bar (0 when there is nothing to do). */
export const percent = (done: number, total: number) =>
  total <= 0 ? 0 : Math.min(100, Math.floor((done / total) * 100));

/** An answer as text: a fill-in's blanks one per line. */
export const answerText = (value: string | string[]) =>
  Array.isArray(value) ? value.join('\n') : value;

/** Blanks one per line, each blank's accepted answers separated by |. */
export const blanksOf = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((answer) => answer.trim())
        .filter(Boolean),
    )
    .filter((blank) => blank.length > 0);
