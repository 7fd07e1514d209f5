import { ApiStatus, QuestionType, type AnswerValue, type SavedAnswer } from '@kaoshi/shared';
import { AppError } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import { toPaperLetters, toShownLetters, type Variant, type VariantItem } from './variant.js';

const isChoice = (type: number) => type === QuestionType.SINGLE || type === QuestionType.MULTIPLE;
/** The stored answers as the candidate gave them (letters as shown to them). */
export function savedAnswers(
  variant: Variant,
  stored: readonly { item_id: string; seq: number; value: string }[],
): SavedAnswer[] {
  return stored.flatMap((answer) => {
    const item = variant.byItemId.get(answer.item_id);
    if (!item) return [];
    return [{ itemId: answer.item_id, seq: answer.seq, value: shownValue(item, answer.value) }];
  });
}

/** A save's value as stored: checked against the question, option letters as the paper's keys. */
export function storedValue(variant: Variant, itemId: string, value: AnswerValue): string {
  const item = variant.byItemId.get(itemId);
  if (!item) throw new AppError(ApiStatus.INVALID_INPUT, 'itemNotInPaper', { itemId });
  const wrong = () => new AppError(ApiStatus.INVALID_INPUT, 'answerShape', { itemId });
  const { type } = item.item;
  if (type === QuestionType.FILL_BLANK) {
    if (!Array.isArray(value) || value.length > item.item.blanks.length) throw wrong();
    return JSON.stringify(value);
  }
  if (typeof value !== 'string') throw wrong();
  if (value === '') return JSON.stringify('');
  if (isChoice(type)) {
    const shown = new Set(
      item.toPaperKey ? item.toPaperKey.keys() : item.item.options.map((option) => option.key),
    );
    const letters = [...value];
    if (
      letters.some((letter) => !shown.has(letter)) ||
      new Set(letters).size !== letters.length ||
      (type === QuestionType.SINGLE && letters.length !== 1)
    ) {
      throw wrong();
    }
    return JSON.stringify(toPaperLetters(item, value));
  }
  if (type === QuestionType.JUDGEMENT && value !== 'T' && value !== 'F') throw wrong();
  return JSON.stringify(value);
}

/** A stored value as this candidate gave it (their option letters). */
export function shownValue(item: VariantItem, stored: string): AnswerValue {
  const value = parseJson<AnswerValue>(stored, '');
  return isChoice(item.item.type) && typeof value === 'string'
    ? toShownLetters(item, value)
    : value;
}
