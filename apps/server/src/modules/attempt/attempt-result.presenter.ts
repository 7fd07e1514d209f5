import {
  scoreFromHundredths,
  type AttemptResult,
  type AttemptResultView,
  type FinishReason,
  type ResultSectionView,
  type ReviewItem,
  type ShowResult,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { parseJson } from '../../lib/json.js';
import { latestKeyCorrections } from '../marking/key-overlay.js';
import { withKey } from '../paper/key-overlay.js';
import { itemKey } from '../paper/print-view.js';
import { shownValue } from './answer-values.js';
import { markerCommentsOf, scoredAnswersOf, type AttemptRow } from './attempt.repository.js';
import { isAnswered, isMarkedType } from '../paper/scoring.js';
import { deliveredItem, toShownLetters, type Variant, type VariantItem } from './variant.js';

/** Whether the candidate's paper has a question a marker scores (short answer, link task). */
export const hasMarkedItems = (variant: Variant) =>
  variant.sections.some((section) => section.items.some(({ item }) => isMarkedType(item.type)));

/** Hundredths of a point the candidate's paper is worth. */
export const variantTotal = (variant: Variant) =>
  variant.sections.reduce(
    (sum, section) => sum + section.items.reduce((s, item) => s + item.score, 0),
    0,
  );

/**
 * What the candidate may see of the result, as the exam's policy allows: 'none' nothing,
 * 'released' nothing until the release, 'objective' the objective score at once. Scores decided
 * by markers wait for the release whatever the policy: before it the total and pass show only
 * when the candidate's paper has no question a marker scores (the total is then the objective
 * score, known at submission).
 */
export function resultOf(input: {
  finished: boolean;
  showResult: string;
  released: boolean;
  objective: number | null;
  pending: number | null;
  /** The candidate row's total (objective + marked) once every answer is final; null if unknown. */
  candidateScore: number | null;
  total: number;
  passScore: number;
  /** The candidate's paper has a question a marker scores (short answer, link task). */
  hasMarked: boolean;
}): AttemptResult | null {
  if (!input.finished || input.showResult === 'none') return null;
  if (input.showResult === 'released' && !input.released) return null;
  const objective = input.objective ?? 0;
  let score: number | null = null;
  // A key correction moves the candidate row's total and the objective score alike.
  if (!input.hasMarked) score = input.candidateScore ?? objective;
  else if (input.released) score = input.candidateScore;
  return {
    objectiveScore: scoreFromHundredths(objective),
    score: score === null ? null : scoreFromHundredths(score),
    total: scoreFromHundredths(input.total),
    passScore: scoreFromHundredths(input.passScore),
    passed: score === null ? null : score >= input.passScore,
    pendingMarking: input.pending ?? 0,
  };
}

/**
 * getResult: the candidate's own finished attempt. Before release only what the exam's
 * policy shows (resultOf); after release the total, each section's score and, when the exam
 * allows review, every question as they saw it with their answer, the points, the key as it
 * stands after any correction (their option letters) and the marker's comment. An exam that
 * shows nothing ('none') shows nothing after release either. `row` is finished.
 */
export async function presentResult(
  db: Db,
  row: AttemptRow,
  variant: Variant,
  facts: { allow_review: number; score: number | null },
): Promise<AttemptResultView> {
  const released = row.released_at !== null;
  const view: AttemptResultView = {
    attemptId: row.id,
    examId: row.exam_id,
    examName: row.exam_name,
    startedAt: row.started_at,
    finishedAt: row.finished_at!,
    finishReason: row.finish_reason as FinishReason,
    showResult: row.show_result as ShowResult,
    allowReview: facts.allow_review === 1,
    released,
    result: resultOf({
      finished: true,
      showResult: row.show_result,
      released,
      objective: row.objective_score,
      pending: row.pending_marking,
      candidateScore: facts.score,
      total: variantTotal(variant),
      passScore: row.pass_score,
      hasMarked: hasMarkedItems(variant),
    }),
    sections: null,
    review: null,
  };
  if (!released || view.result === null) return view;

  const stored = new Map(
    (await scoredAnswersOf(db, row.id)).map((answer) => [answer.item_id, answer]),
  );
  /** Hundredths earned; null while a marker's score is still to come. */
  const earnedOf = ({ item }: VariantItem): number | null => {
    const answer = stored.get(item.itemId);
    if (!answer) return 0;
    if (answer.score !== null) return answer.score;
    return isMarkedType(item.type) && isAnswered(parseJson<unknown>(answer.value, '')) ? null : 0;
  };
  view.sections = variant.sections.map((section): ResultSectionView => {
    const earned = section.items.map(earnedOf);
    return {
      title: section.title,
      score: earned.includes(null)
        ? null
        : scoreFromHundredths(earned.reduce<number>((sum, score) => sum + score!, 0)),
      total: scoreFromHundredths(section.items.reduce((sum, item) => sum + item.score, 0)),
    };
  });
  if (!view.allowReview) return view;

  const [corrections, comments] = await Promise.all([
    latestKeyCorrections(db, row.exam_id),
    markerCommentsOf(db, row.id),
  ]);
  view.review = variant.sections.map((section) => ({
    title: section.title,
    items: section.items.map((variantItem): ReviewItem => {
      const { item } = variantItem;
      const answer = stored.get(item.itemId);
      const correction = corrections.get(item.itemId);
      const key = itemKey(correction ? withKey(item, correction.key) : item);
      const earned = earnedOf(variantItem);
      return {
        // The one delivery presenter: the question exactly as this candidate saw it.
        ...deliveredItem(variantItem),
        answer:
          answer && isAnswered(parseJson<unknown>(answer.value, ''))
            ? shownValue(variantItem, answer.value)
            : null,
        earned: earned === null ? null : scoreFromHundredths(earned),
        key: {
          ...key,
          correctKeys: key.correctKeys.length
            ? [...toShownLetters(variantItem, key.correctKeys.join(''))]
            : [],
        },
        correction: correction ? { reason: correction.reason, at: correction.at } : null,
        comment: comments.get(item.itemId) ?? '',
      };
    }),
  }));
  return view;
}
