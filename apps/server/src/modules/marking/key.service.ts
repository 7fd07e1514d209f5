import {
  Perm,
  QuestionType,
  scoreFromHundredths,
  type CorrectKeyBody,
  type KeyCorrectionEntry,
  type KeyCorrectionResult,
  type KeyItemKey,
  type KeyItemView,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, invalid } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { scoreAnswer } from '../paper/scoring.js';
import { candidateItem, itemsFor } from '../paper/candidate-view.js';
import type { SnapshotItem } from '../paper/paper-version.js';
import { paperVersions, type PaperVersionCache } from '../paper/paper-version-cache.js';
import { itemKey } from '../paper/print-view.js';
import { withKey, type CorrectedKey as Key } from '../paper/key-overlay.js';
import { KeyRepository } from './key.repository.js';
import type { MarkingExams } from './marking-exams.js';

/** The corrected key as the snapshot holds keys, or null when it does not fit the question. */
function keyFor(item: SnapshotItem, answer: CorrectKeyBody['answer']): Key | null {
  const keys = new Set(item.options.map((option) => option.key));
  switch (item.type) {
    case QuestionType.SINGLE:
      return typeof answer === 'string' && answer.length === 1 && keys.has(answer)
        ? { answer, blanks: [] }
        : null;
    case QuestionType.MULTIPLE: {
      if (typeof answer !== 'string') return null;
      const letters = [...answer];
      if (letters.some((l) => !keys.has(l)) || new Set(letters).size !== letters.length) {
        return null;
      }
      return { answer: [...keys].filter((k) => letters.includes(k)).join(''), blanks: [] };
    }
    case QuestionType.JUDGEMENT:
      return answer === 'T' || answer === 'F' ? { answer, blanks: [] } : null;
    case QuestionType.FILL_BLANK:
      return Array.isArray(answer) && answer.length === item.blanks.length
        ? { answer: '', blanks: answer }
        : null;
    default:
      // A marked question has no key to score by: markers judge it.
      return null;
  }
}

/** The types a key scores (the ones correctKey accepts). */
const KEYED_TYPES: ReadonlySet<number> = new Set([
  QuestionType.SINGLE,
  QuestionType.MULTIPLE,
  QuestionType.JUDGEMENT,
  QuestionType.FILL_BLANK,
]);

/** The item's key as staff read it (print-view's itemKey), without the analysis. */
function keyView(item: SnapshotItem): KeyItemKey {
  const { correctKeys, answer, blanks } = itemKey(item);
  return { correctKeys, answer, blanks };
}

/**
 * Key correction (docs/features/marking.md): the publisher corrects a wrong key of an exam's version (kept
 * as an overlay: versions are immutable) with a reason, and every affected attempt is
 * re-scored in the same transaction, each change in the score log.
 */
export class KeyService {
  private readonly repo: KeyRepository;
  private readonly versions: PaperVersionCache;

  constructor(
    private readonly db: Db,
    private readonly exams: MarkingExams,
  ) {
    this.repo = new KeyRepository(db);
    this.versions = paperVersions(db);
  }

  private requirePublisher(auth: AuthContext) {
    if (!hasAnyPermission(auth, [Perm.PUBLISH])) {
      throw forbidden('permissionDeniedNeeds', { keys: Perm.PUBLISH });
    }
  }

  /**
   * listKeyItems: the objective questions of the exam's version in the version's order (a
   * part's fixed questions, then its pool), each with the key in force and its corrections.
   */
  async items(examId: number, auth: AuthContext): Promise<KeyItemView[]> {
    this.requirePublisher(auth);
    const exam = await this.exams.of(examId, auth, 'keys');
    const [snapshot, rows] = await Promise.all([
      this.versions.snapshot(exam.paper_version_id),
      this.repo.corrections(exam.id),
    ]);
    const byItem = new Map<string, typeof rows>();
    for (const row of rows) byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), row]);
    return snapshot.sections.flatMap((section, s) =>
      [
        ...section.items.map((item, i) => ({ item, number: (i + 1) as number | null })),
        ...section.pool.map((item) => ({ item, number: null })),
      ]
        .filter(({ item }) => KEYED_TYPES.has(item.type))
        .map(({ item, number }) => {
          const corrections: KeyCorrectionEntry[] = (byItem.get(item.itemId) ?? []).map((row) => ({
            key: keyView(withKey(item, parseJson<Key>(row.new_key, { answer: '', blanks: [] }))),
            reason: row.reason,
            at: row.created_at,
            userId: row.user_id,
            userName: row.nick_name || row.name || '',
            rescored: row.rescored,
          }));
          const shown = candidateItem(item, item.score ?? 0);
          return {
            itemId: item.itemId,
            section: s + 1,
            sectionTitle: section.title,
            number,
            type: item.type,
            content: shown.content,
            options: shown.options,
            blankCount: shown.blankCount,
            fullScore: item.score === null ? null : scoreFromHundredths(item.score),
            key: corrections.at(-1)?.key ?? keyView(item),
            corrections,
          };
        }),
    );
  }

  async correct(body: CorrectKeyBody, auth: AuthContext): Promise<KeyCorrectionResult> {
    this.requirePublisher(auth);
    const exam = await this.exams.of(body.examId, auth, 'manage');
    if (exam.released_at !== null) throw conflict('scoresReleased', { name: exam.name });
    // A later finalization would score by the version's key.
    if (exam.end_at > nowIso() || (await this.repo.unfinished(exam.id)) > 0) {
      throw conflict('keyCorrectionTooEarly', { id: exam.id });
    }
    const item = (await this.versions.items(exam.paper_version_id)).get(body.itemId);
    if (!item) throw invalid('itemId', 'itemNotInPaper', { itemId: body.itemId });
    const key = keyFor(item, body.answer);
    if (!key) throw invalid('answer', 'answerShape', { itemId: body.itemId });
    const snapshot = await this.versions.snapshot(exam.paper_version_id);
    const policy = await this.repo.policy(exam.id);
    const scoring = {
      multipleScoring: policy.multiple_scoring as 'all' | 'partial',
      partialShare: policy.partial_share,
    };
    const corrected = withKey(item, key);
    const at = nowIso();
    return inTransaction(this.db, async (trx) => {
      const previous = await this.repo.latest(exam.id, item.itemId, trx);
      const oldKey =
        previous?.new_key ?? JSON.stringify({ answer: item.answer, blanks: item.blanks });
      const byScore = new Map<number, number[]>();
      const byDelta = new Map<number, { attemptId: number; candidateId: number }[]>();
      const log = [];
      for (const row of await this.repo.answers(trx, exam.id, item.itemId)) {
        const drawn = itemsFor(snapshot, row.seed)
          .flat()
          .find((entry) => entry.item.itemId === item.itemId);
        if (!drawn) continue;
        const value = parseJson<unknown>(row.value, '');
        const score = scoreAnswer(corrected, drawn.score, value, scoring) ?? 0;
        const delta = score - (row.score ?? 0);
        if (delta === 0) continue;
        byScore.set(score, [...(byScore.get(score) ?? []), row.attempt_id]);
        const moved = byDelta.get(delta) ?? [];
        moved.push({ attemptId: row.attempt_id, candidateId: row.candidate_id });
        byDelta.set(delta, moved);
        log.push({
          exam_id: exam.id,
          attempt_id: row.attempt_id,
          item_id: item.itemId,
          answer_id: null,
          kind: 'key',
          old_score: row.score,
          new_score: score,
          reason: body.reason,
          user_id: auth.user.id,
          created_at: at,
        });
      }
      for (const [score, attemptIds] of byScore) {
        await this.repo.setAnswerScore(trx, item.itemId, attemptIds, score);
      }
      for (const [delta, rows] of byDelta) {
        await this.repo.shift(trx, rows, delta, policy.pass_score);
      }
      await this.repo.log(trx, log);
      await this.repo.record(trx, {
        examId: exam.id,
        itemId: item.itemId,
        oldKey,
        newKey: JSON.stringify(key),
        reason: body.reason,
        userId: auth.user.id,
        rescored: log.length,
        at,
      });
      return { examId: exam.id, itemId: item.itemId, rescored: log.length };
    });
  }
}
