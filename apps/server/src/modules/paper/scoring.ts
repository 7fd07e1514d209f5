import { MARKED_TYPES, QuestionType, type QuestionTypeCode } from '@kaoshi/shared';
import type { SnapshotItem } from './paper-version.js';

/** How an exam scores multiple choice: all or nothing, or a share for a correct subset. */
export interface ScoringPolicy {
  multipleScoring: 'all' | 'partial';
  /** Hundredths of the points (50: half) for a correct subset with no wrong choice. */
  partialShare: number;
}

/**
 * A fill-in answer as compared: trimmed, full-width characters folded to half-width (NFKC also
 * turns the ideographic space into a space), runs of spaces collapsed. Letter case counts.
 */
export const normalizeBlank = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ');

export const isMarkedType = (type: number) =>
  (MARKED_TYPES as readonly number[]).includes(type as QuestionTypeCode);

/**
 * Hundredths earned by `value` (as stored: option keys of the paper, blanks, text) on `item`
 * worth `score` hundredths; null for a type a marker scores.
 */
export function scoreAnswer(
  item: SnapshotItem,
  score: number,
  value: unknown,
  policy: ScoringPolicy,
): number | null {
  switch (item.type) {
    case QuestionType.SINGLE:
    case QuestionType.JUDGEMENT:
      return typeof value === 'string' && value !== '' && value === item.answer ? score : 0;
    case QuestionType.MULTIPLE: {
      if (typeof value !== 'string' || value === '') return 0;
      const correct = new Set(item.answer);
      const chosen = new Set(value);
      if ([...chosen].some((key) => !correct.has(key))) return 0;
      if (chosen.size === correct.size) return score;
      return policy.multipleScoring === 'partial'
        ? Math.round((score * policy.partialShare) / 100)
        : 0;
    }
    case QuestionType.FILL_BLANK: {
      if (!Array.isArray(value) || item.blanks.length === 0) return 0;
      const right = item.blanks.filter((accepted, i) => {
        const given = typeof value[i] === 'string' ? normalizeBlank(value[i] as string) : '';
        return given !== '' && accepted.some((answer) => normalizeBlank(answer) === given);
      }).length;
      return Math.round((score * right) / item.blanks.length);
    }
    default:
      return null;
  }
}

/** Whether a stored value answers the question at all ('' and [] and blank-only lists do not). */
export function isAnswered(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value))
    return value.some((part) => typeof part === 'string' && part.trim() !== '');
  return false;
}
