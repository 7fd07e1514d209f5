import type { Db } from '../../db/database.js';
import { parseJson } from '../../lib/json.js';
import { KeyRepository } from './key.repository.js';
import type { SnapshotItem } from '../paper/paper-version.js';

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

export interface KeyCorrectionOverlay {
  key: CorrectedKey;
  reason: string;
  at: string;
}

/**
 * The key corrections of an exam (docs/marking-storage.md `key_corrections`): per question the
 * latest one, which overrides the version's key.
 */
export async function latestKeyCorrections(
  db: Db,
  examId: number,
): Promise<Map<string, KeyCorrectionOverlay>> {
  const rows = await new KeyRepository(db).correctionsInOrder(examId);
  const latest = new Map<string, KeyCorrectionOverlay>();
  for (const row of rows) {
    latest.set(row.item_id, {
      key: parseJson<CorrectedKey>(row.new_key, { answer: '', blanks: [] }),
      reason: row.reason,
      at: row.created_at,
    });
  }
  return latest;
}
