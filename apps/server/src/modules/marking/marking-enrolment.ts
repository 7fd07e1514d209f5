import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { nowIso, type Db } from '../../db/database.js';
import type { MarkingAnswersTable } from '../../db/types.js';
import { parseJson } from '../../lib/json.js';
import { itemsFor } from '../paper/candidate-view.js';
import { paperVersions, type PaperVersionCache } from '../paper/paper-version-cache.js';
import { isAnswered, isMarkedType } from '../paper/scoring.js';
import { MarkingRepository } from './marking.repository.js';

/**
 * A settled exam's enrolment is looked at in full again after this long anyway: whatever the
 * cheap check could miss (another process, ids committed out of order) waits at most this.
 */
const ENROL_RECHECK_MS = 60_000;

/** The marking pool of an exam: one row per finished attempt's answer a marker scores. */
export class MarkingEnrolment {
  private readonly repo: MarkingRepository;
  private readonly versions: PaperVersionCache;
  /**
   * Exams whose enrolment was complete, with the latest attempt then and when it was looked at
   * (see enroll). Per process: a stale entry costs one full look, never an attempt left out.
   */
  private readonly enrolled = new Map<number, { lastAttempt: number | null; at: number }>();

  constructor(db: Db) {
    this.repo = new MarkingRepository(db);
    this.versions = paperVersions(db);
  }

  /**
   * Writes the marking rows of finished attempts that have none yet, each attempt with one
   * random anonymous code. Done when marking looks at the exam rather than at finalization, so
   * taking exams knows nothing of marking; idempotent, so processes doing it at once agree.
   *
   * The full look reads all of the exam's attempts, so it is skipped while nothing could have
   * added a finished one since the last: the exam had closed and had no unfinished attempt both
   * then (read before that look) and now, and its latest attempt is the same. A new attempt, one
   * still running, or an exam opened again means a full look; so does a minute passing.
   */
  async enroll(examId: number, versionId: number) {
    const state = await this.repo.enrolmentState(examId);
    if (!state) return;
    const settled = state.end_at <= nowIso() && state.unfinished === null;
    const lastAttempt = state.last_attempt === null ? null : Number(state.last_attempt);
    const known = this.enrolled.get(examId);
    if (
      settled &&
      known !== undefined &&
      known.lastAttempt === lastAttempt &&
      Date.now() - known.at < ENROL_RECHECK_MS
    ) {
      return;
    }
    const lookedAt = Date.now();
    await this.enrollAll(examId, versionId);
    if (settled) this.enrolled.set(examId, { lastAttempt, at: lookedAt });
    else this.enrolled.delete(examId);
  }

  private async enrollAll(examId: number, versionId: number) {
    const attempts = await this.repo.unenrolledAttempts(examId);
    if (attempts.length === 0) return;
    const snapshot = await this.versions.snapshot(versionId);
    const answers = await this.repo.answersOfAttempts(attempts.map((a) => a.id));
    const byAttempt = new Map<number, typeof answers>();
    for (const answer of answers) {
      byAttempt.set(answer.attempt_id, [...(byAttempt.get(answer.attempt_id) ?? []), answer]);
    }
    const at = nowIso();
    const rows: Insertable<MarkingAnswersTable>[] = [];
    for (const attempt of attempts) {
      const items = new Map(
        itemsFor(snapshot, attempt.seed)
          .flat()
          .map((i) => [i.item.itemId, i]),
      );
      const anonCode = randomBytes(5).toString('hex').toUpperCase();
      for (const answer of byAttempt.get(attempt.id) ?? []) {
        const item = items.get(answer.item_id);
        if (!item || !isMarkedType(item.item.type)) continue;
        if (!isAnswered(parseJson<unknown>(answer.value, ''))) continue;
        rows.push({
          exam_id: examId,
          attempt_id: attempt.id,
          item_id: answer.item_id,
          anon_code: anonCode,
          full_score: item.score,
          created_at: at,
        });
      }
    }
    await this.repo.enroll(rows);
  }
}
