// The receipt code (apps/server/src/modules/attempt/receipt-code.ts), for scripts that run on plain
// Node and check what finalization stored. Keep the two alike: bench:marking fails when they differ.
import { createHmac } from 'node:crypto';

/** packages/shared/src/schemas/attempt.ts */
const RECEIPT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECEIPT_CODE_LENGTH = 16;

/** HMAC-SHA256 under the receipt key over the attempt, the candidate and the answers in item order. */
export function receiptCodeOf(key, attemptId, candidateId, answers) {
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

/** The receipt key the server made at its first finalization (kept in server_secrets). */
export async function receiptKeyOf(db) {
  const [row] = await db.query(`select value from server_secrets where name = ?`, [
    'receipt-hmac-sha256',
  ]);
  if (!row) throw new Error('no receipt key: no attempt was finalized by the server');
  return Buffer.from(row.value, 'hex');
}

/** Stores the receipt codes of attempts a bench wrote itself, as finalization would have. */
export async function writeReceiptCodes(db, attempts) {
  const key = await receiptKeyOf(db);
  for (let start = 0; start < attempts.length; start += 500) {
    const codes = attempts
      .slice(start, start + 500)
      .map(({ attemptId, candidateId, answers }) => [
        attemptId,
        receiptCodeOf(key, attemptId, candidateId, answers),
      ]);
    await db.query(
      `update attempts set receipt_code = case id ${codes.map(() => 'when ? then ?').join(' ')} end
       where id in (${codes.map(() => '?').join(', ')})`,
      [...codes.flat(), ...codes.map(([attemptId]) => attemptId)],
    );
  }
}
