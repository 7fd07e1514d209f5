import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** The argon2 calls, through one object so that a test can watch what is verified against. */
export const argon2id = { hash, verify };

/**
 * argon2id (the library's default algorithm and OWASP-level cost) of the client hash the browser
 * sends; the plain password never reaches us.
 */
export const hashSecret = (clientHash: string) => argon2id.hash(clientHash);

/**
 * An initial password is printed (export, admission ticket) and kept beside the row until it is
 * changed: a costly hash would protect nothing the row does not already show, and at the usual
 * cost a 10,000-student import would hash for minutes. So its hash is light; sign-in makes every
 * attempt verify one hash of each cost, so the difference never shows in the answer time.
 */
export const INITIAL_HASH_COST = { memoryCost: 1024, timeCost: 1 } as const;
export const hashInitialSecret = (clientHash: string) =>
  argon2id.hash(clientHash, INITIAL_HASH_COST);

/** argon2's verify compares in constant time. A malformed stored hash counts as a mismatch. */
export async function verifySecret(storedHash: string, clientHash: string): Promise<boolean> {
  try {
    return await argon2id.verify(storedHash, clientHash);
  } catch {
    return false;
  }
}

/** A stored hash's parameters ($argon2id$v=19$m=…,t=…,p=…): what its verify costs. */
export const hashCost = (storedHash: string) => storedHash.split('$').slice(1, 4).join('$');

export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
