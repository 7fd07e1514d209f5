import type { SnapshotItem } from './paper-version.js';

/** A key as the snapshot holds it (option keys of the paper, T/F, accepted blanks). */
export interface CorrectedKey {
  answer: string;
  blanks: string[][];
}

/** The item with `key` in place of the version's: options' correctness follows the answer. */
export const withKey = (item: SnapshotItem, key: CorrectedKey): SnapshotItem => ({
  ...item,
  answer: key.answer,
  blanks: key.blanks,
  options: item.options.map((option) => ({ ...option, correct: key.answer.includes(option.key) })),
});
