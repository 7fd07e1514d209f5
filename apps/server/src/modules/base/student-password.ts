import { randomInt } from 'node:crypto';
import { clientPasswordHash } from '@kaoshi/shared';
import type { Config } from '../../config.js';
import { hashInitialSecret } from '../../secret.js';

/** Letters and digits nobody misreads on paper (no 0/o, 1/l/i). */
const RANDOM_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const RANDOM_LENGTH = 8;

export interface InitialPassword {
  password: string;
  /** argon2id of the client hash the sign-in form sends. */
  hash: string;
}

/**
 * The first password of a student account, and the one a reset gives back
 * (STUDENT_INITIAL_PASSWORD). 'random' (the default): eight characters of RANDOM_ALPHABET, shown
 * once to whoever created or reset the account and kept for the export and the admission ticket;
 * 'id-last6': the last six characters of the (normalised) ID number, the whole number when it is
 * shorter, which examinees in this field expect, but which is nearly public.
 */
export class InitialPasswords {
  constructor(private readonly rule: Config['studentInitialPassword']) {}

  /** Whether the admin who creates or resets accounts must be told the new passwords. */
  get shown() {
    return this.rule === 'random';
  }

  passwordFor(idNumber: string): string {
    if (this.rule === 'id-last6') return idNumber.slice(-6);
    return Array.from(
      { length: RANDOM_LENGTH },
      () => RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)],
    ).join('');
  }

  /** One password each, hashed outside any transaction (the caller's rows, in their order). */
  async make(idNumbers: string[]): Promise<InitialPassword[]> {
    return Promise.all(
      idNumbers.map(async (idNumber) => {
        const password = this.passwordFor(idNumber);
        return { password, hash: await hashInitialSecret(clientPasswordHash(password)) };
      }),
    );
  }
}
