import { describe, expect, it } from 'vitest';
import {
  CheckedImports,
  IMPORT_CHECK_KEEP_MS,
  IMPORT_CHECKS_KEPT,
  uploadKey,
} from './question-import-cache.js';

// The preview's read kept for the apply of the same file: by user and content, once, for a while.

const upload = (text: string, fileName = 'bank.gift') => ({
  file: Buffer.from(text),
  fileName,
  format: 'gift' as const,
  structure: { subjectId: 1, level: 5 as const, courseId: 2, pointId: null },
});

describe('the checked imports kept between preview and apply', () => {
  it('gives the read back once, to the same user, for the same bytes, name and structure', () => {
    const clock = { now: () => 1_000 };
    const kept = new CheckedImports<string>(clock);
    const key = uploadKey(upload('::A::a{T}'));
    expect(uploadKey(upload('::A::a{T}'))).toBe(key);
    expect(uploadKey(upload('::A::a{F}'))).not.toBe(key);
    expect(uploadKey(upload('::A::a{T}', 'other.gift'))).not.toBe(key);
    expect(
      uploadKey({ ...upload('::A::a{T}'), structure: { ...upload('').structure, courseId: 3 } }),
    ).not.toBe(key);

    kept.keep(7, key, 'read');
    expect(kept.take(8, key)).toBeUndefined();
    expect(kept.take(7, key)).toBe('read');
    expect(kept.take(7, key)).toBeUndefined();

    kept.keep(7, key, 'read');
    expect(kept.take(7, uploadKey(upload('changed')))).toBeUndefined();
    // A miss drops it: the apply reads the file itself.
    expect(kept.take(7, key)).toBeUndefined();
  });

  it('drops a read older than the keeping time, and the oldest users past the count', () => {
    let now = 0;
    const kept = new CheckedImports<number>({ now: () => now });
    kept.keep(1, 'k', 1);
    now = IMPORT_CHECK_KEEP_MS + 1;
    expect(kept.take(1, 'k')).toBeUndefined();

    for (let user = 1; user <= IMPORT_CHECKS_KEPT + 1; user++) kept.keep(user, 'k', user);
    expect(kept.take(1, 'k')).toBeUndefined();
    expect(kept.take(IMPORT_CHECKS_KEPT + 1, 'k')).toBe(IMPORT_CHECKS_KEPT + 1);
    expect(kept.take(2, 'k')).toBe(2);
  });
});
