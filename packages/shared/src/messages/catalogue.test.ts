import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as shared from '../index.js';
import { MESSAGE_LANGUAGES } from './languages.js';

/**
 * The catalogue as it stood before it was split per domain (and the seven server `*.texts.ts`
 * folded in): a digest of each table, keys sorted, so moving an entry between files changes
 * nothing while changing a word does. A deliberate change of wording updates its digest here.
 */
const DIGESTS: Record<string, string> = {
  SERVER_MESSAGES: '90889b33b7103c80',
  ENTITY_NAMES: '6641d616e7d6399c',
  UPLOAD_KIND_NAMES: '3b47ec2541283069',
  CERT_LEVEL_NAMES: '4b544e5c59e5c5ae',
  PAPER_AUDIT_NAMES: '6be431f60748bf9d',
  AUDIT_STATUS_NAMES: '1e4b89ba0145cb7a',
  FIELD_LABELS: '0571e29b015808a5',
  SCOPED_FIELD_LABELS: 'a58982ef594c7268',
  STATISTICS_EXPORT_TEXTS: '173ad3dd135e9ae4',
  TEMPLATE_TEXTS: '9cba1e1c7a44c46b',
  CERTIFICATE_TEXTS: '7a214b5291130db8',
  CANDIDATE_EXPORT_TEXTS: '505e48652facde0a',
  MAKE_UP_TEXTS: '080ed70ec7cefd9b',
  SCORE_LOG_EXPORT_TEXTS: '69e7043b5ed8d315',
  PROCTOR_EXPORT_TEXTS: '307026e25ee7d5cb',
  QUESTION_TEMPLATE_TEXTS: '653f90f0269257a7',
  SHEET_XLSX_TEXTS: 'f6eca4f0dd1288ba',
  SKILL_SHEET_PDF_TEXTS: 'b7d3fd2263fb0877',
  SEAT_PLAN_XLSX_TEXTS: '4a8fd6c34017c4f0',
};

/** Keys sorted at every level (arrays keep their order): the digest ignores which file comes first. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;

const digest = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex')
    .slice(0, 16);

const tables = shared as unknown as Record<string, unknown>;

describe('the combined server catalogue', () => {
  it('has the same keys and words as before the split', () => {
    const now = Object.fromEntries(
      Object.keys(DIGESTS).map((name) => [name, digest(tables[name])]),
    );
    expect(now).toEqual(DIGESTS);
  });

  it('holds every message (counted below), each in the four languages', () => {
    const messages = Object.entries(shared.SERVER_MESSAGES);
    expect(messages).toHaveLength(484);
    for (const language of MESSAGE_LANGUAGES) {
      const worded = messages.filter(([, texts]) => typeof texts[language] === 'string');
      expect(worded, language).toHaveLength(484);
    }
  });

  it('words every export and template in the four languages', () => {
    for (const name of Object.keys(DIGESTS).filter((table) => table.endsWith('_TEXTS'))) {
      expect(Object.keys(tables[name] as object).sort(), name).toEqual(
        [...MESSAGE_LANGUAGES].sort(),
      );
    }
  });

  it('reads messages and export words through the one lookup', () => {
    expect(shared.wordsIn(shared.SERVER_MESSAGES.invalidValue, 'es')).toBe('no es válido');
    expect(shared.wordsIn(shared.MAKE_UP_TEXTS, 'zh').suffix).toBe('（补考）');
  });
});
