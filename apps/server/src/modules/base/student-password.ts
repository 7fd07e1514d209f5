import { randomInt } from 'node:crypto';
import { clientPasswordHash } from '@kaoshi/shared';
import { hash } from '@node-rs/argon2';
import type { Config } from '../../config.js';

/** Letters and digits nobody misreads on paper (no 0/o, 1/l/i). */
const RANDOM_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const RANDOM_LENGTH = 8;

/**
 * An initial password is printed (export, admission ticket) and, under the default rule, part of
 * the ID number stored beside it: a costly hash would protect nothing the row does not already
 * show, and at the usual cost (~13 ms) a 10,000-student import would hash for minutes. So the
 * first hash is light; a password the student chooses gets the full cost (hashSecret).
 */
const INITIAL_HASH = { memoryCost: 1024, timeCost: 1 } as const;

export interface InitialPassword {
  password: string;
  /** argon2id of the client hash the sign-in form sends. */
  hash: string;
}

/**
 * The first password of a student account, and the one a reset gives back
 * (STUDENT_INITIAL_PASSWORD). 'id-last6': the last six characters of the (normalised) ID number,
 * the whole number when it is shorter, which examinees in this field expect; 'random': eight
 * characters of RANDOM_ALPHABET, shown once to whoever created or reset the account and kept
 * for the export and the admission ticket.
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
        return { password, hash: await hash(clientPasswordHash(password), INITIAL_HASH) };
      }),
    );
  }
}
