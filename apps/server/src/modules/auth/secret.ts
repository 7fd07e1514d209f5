import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm and OWASP-level cost) of the client hash the browser
 * sends; the plain password never reaches us.
 */
export const hashSecret = (clientHash: string) => hash(clientHash);

/** argon2's verify compares in constant time. A malformed stored hash counts as a mismatch. */
export async function verifySecret(storedHash: string, clientHash: string): Promise<boolean> {
  try {
    return await verify(storedHash, clientHash);
  } catch {
    return false;
  }
}

export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
