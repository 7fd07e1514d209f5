import { createHash } from 'node:crypto';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { QuestionUpload } from './question-import-read.js';

/**
 * The file a user just previewed, read and checked, kept for the importApply that follows it
 * (the dialog sends the same file again): the apply then skips reading and checking the
 * content, half of its work on a large file. Only what depends on the file alone is kept —
 * the checks against the database run again inside the write's transaction. An entry is the
 * upload's bytes' hash, its name, format and structure, per user; it is taken by the apply,
 * replaced by the user's next preview, and dropped after IMPORT_CHECK_KEEP_MS or when more
 * than IMPORT_CHECKS_KEPT users have one (the oldest first). Per process: an apply served by
 * another process reads the file again.
 */
export const IMPORT_CHECK_KEEP_MS = 10 * 60_000;
export const IMPORT_CHECKS_KEPT = 4;

/** What identifies an upload's content: the same bytes under the same name, format and form. */
export function uploadKey(upload: QuestionUpload) {
  return createHash('sha256')
    .update(upload.file)
    .update('\u0000')
    .update(JSON.stringify([upload.fileName, upload.format ?? null, upload.structure ?? null]))
    .digest('hex');
}

export class CheckedImports<Read> {
  /** By user: the last previewed upload's key and its read; Map order is the age order. */
  private readonly kept = new Map<number, { key: string; read: Read; at: number }>();

  constructor(private readonly clock: Clock = systemClock) {}

  keep(userId: number, key: string, read: Read) {
    const now = this.clock.now();
    this.kept.delete(userId);
    this.kept.set(userId, { key, read, at: now });
    for (const [user, entry] of this.kept) {
      if (this.kept.size > IMPORT_CHECKS_KEPT || now - entry.at > IMPORT_CHECK_KEEP_MS) {
        this.kept.delete(user);
      }
    }
  }

  /** The read of the user's last preview when it was of this upload (and no longer kept). */
  take(userId: number, key: string): Read | undefined {
    const found = this.kept.get(userId);
    if (!found) return undefined;
    this.kept.delete(userId);
    const fresh = this.clock.now() - found.at <= IMPORT_CHECK_KEEP_MS;
    return fresh && found.key === key ? found.read : undefined;
  }
}
