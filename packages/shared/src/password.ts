import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Fixed suffix of the client-side password hash (docs/spec.md §5). */
export const PASSWORD_SUFFIX = '#kaoshi';

/**
 * What the browser sends instead of a password: lowercase hex md5(plain + suffix).
 * The server treats this value as the secret and stores only argon2id of it.
 */
export function clientPasswordHash(plain: string): string {
  return bytesToHex(md5(utf8ToBytes(plain + PASSWORD_SUFFIX)));
}

export const CLIENT_HASH_PATTERN = /^[0-9a-f]{32}$/;
