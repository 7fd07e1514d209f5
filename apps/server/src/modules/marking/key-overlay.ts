import type { Db } from '../../db/database.js';
import { parseJson } from '../../lib/json.js';
import type { CorrectedKey } from '../paper/key-overlay.js';
import { KeyRepository } from './key.repository.js';

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
