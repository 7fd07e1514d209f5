import type { AnswerValue, SavedAnswer } from '@kaoshi/shared';

/** An answer the server has not acknowledged yet: the latest value given and its seq. */
export interface PendingAnswer {
  itemId: string;
  seq: number;
  value: AnswerValue;
}

export interface MergedAnswers {
  values: Record<string, AnswerValue>;
  /** The last seq used per item: the next change takes one more. */
  seqs: Record<string, number>;
  /** Outbox entries the server has not got: to resend, newest value per item. */
  pending: PendingAnswer[];
  /** Outbox entries the server already holds (equal or higher seq): to drop. */
  stale: PendingAnswer[];
}

/**
 * The answers the page shows after a join or a reload: the server's, except where the outbox
 * holds a later change (a higher seq), which wins and is resent. An outbox entry the server
 * already has (acknowledged before the page could drop it) is stale.
 */
export function mergeAnswers(server: readonly SavedAnswer[], outbox: readonly PendingAnswer[]) {
  const merged: MergedAnswers = { values: {}, seqs: {}, pending: [], stale: [] };
  for (const answer of server) {
    merged.values[answer.itemId] = answer.value;
    merged.seqs[answer.itemId] = answer.seq;
  }
  for (const entry of outbox) {
    if (entry.seq <= (merged.seqs[entry.itemId] ?? 0)) {
      merged.stale.push(entry);
      continue;
    }
    merged.values[entry.itemId] = entry.value;
    merged.seqs[entry.itemId] = entry.seq;
    merged.pending.push(entry);
  }
  return merged;
}

/** Whether a value counts as an answer: '' and blanks all empty do not. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return value.some((blank) => blank.trim() !== '');
}

/** A multiple-choice answer with `key` toggled, its letters in order ('ACD'). */
export function toggleChoice(current: string, key: string): string {
  const keys = new Set(current.split('').filter(Boolean));
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return [...keys].sort().join('');
}
