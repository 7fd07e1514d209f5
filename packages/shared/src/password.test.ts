import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT_HASH_PATTERN, clientPasswordHash } from './password.js';

describe('clientPasswordHash', () => {
  it('is lowercase hex md5 of the password plus "#kaoshi", as Node computes it', () => {
    for (const plain of ['123456', 'Pässwörd 密码', '']) {
      const expected = createHash('md5').update(`${plain}#kaoshi`, 'utf8').digest('hex');
      expect(clientPasswordHash(plain)).toBe(expected);
      expect(clientPasswordHash(plain)).toMatch(CLIENT_HASH_PATTERN);
    }
  });

  it('matches a fixed vector', () => {
    expect(clientPasswordHash('123456')).toBe(
      createHash('md5').update('123456#kaoshi').digest('hex'),
    );
    expect(clientPasswordHash('a')).not.toBe(clientPasswordHash('b'));
  });
});
