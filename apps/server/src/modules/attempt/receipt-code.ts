import { createHmac, timingSafeEqual } from 'node:crypto';
import { RECEIPT_ALPHABET, RECEIPT_CODE_LENGTH } from '@kaoshi/shared';

/** Whether two secrets are equal, in time that does not depend on where they differ. */
export const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The receipt code: HMAC-SHA256 under the server's receipt key over the attempt, the candidate
 * and the answers as stored (item and value, in item order), as RECEIPT_CODE_LENGTH characters
 * of RECEIPT_ALPHABET. Two candidates with the same answers (or two blank papers) differ; no one
 * without the key can make or check one.
 */
export function receiptCodeOf(
  key: Buffer,
  attemptId: number,
  candidateId: number,
  answers: readonly { item_id: string; value: string }[],
) {
  const canonical = JSON.stringify([
    'kaoshi-receipt-1',
    attemptId,
    candidateId,
    [...answers]
      .sort((a, b) => (a.item_id < b.item_id ? -1 : a.item_id > b.item_id ? 1 : 0))
      .map((answer) => [answer.item_id, answer.value]),
  ]);
  let rest = BigInt(`0x${createHmac('sha256', key).update(canonical).digest('hex')}`);
  const base = BigInt(RECEIPT_ALPHABET.length);
  let code = '';
  for (let i = 0; i < RECEIPT_CODE_LENGTH; i++) {
    code += RECEIPT_ALPHABET[Number(rest % base)];
    rest /= base;
  }
  return code;
}
