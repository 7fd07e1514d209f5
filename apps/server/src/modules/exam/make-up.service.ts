import {
  type AddMakeUpExamBody,
  type ExamPublishCheck,
  type MessageLanguage,
  MAKE_UP_TEXTS,
  wordsIn,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { writePaperVersion } from '../paper/paper-version.js';
import { limitMakeUpToComponent } from '../certification/component-make-up.js';
import { PaperRepository } from '../paper/paper.repository.js';
import { ExamRepository, examState } from './exam.repository.js';
import { checkNotOver, checkWindow, columnsOf, inputOf } from './exam-fields.js';
import { schemeIdOf } from './exam-scheme.js';
import type { ExamService } from './exam.service.js';

/**
 * Make-up exams (补考): after an exam closes, a published exam linked to it for its failed
 * candidates (a known score under the pass score), its absent ones (never started), or both;
 * with the same or another passed paper of the job type and level, and a window of its own. The
 * original's batches, notice and policies carry over. A candidate is in at most one make-up of
 * an exam: who fails a make-up again is made up from that make-up (a chain). An exam counting
 * for a component of a scheme of several parts makes up that component only (issue 26 §4).
 */
export class MakeUpService {
  constructor(
    private readonly db: Db,
    private readonly exams: ExamService,
  ) {}

  async add(
    body: AddMakeUpExamBody,
    auth: AuthContext,
    language: MessageLanguage,
  ): Promise<{ id: number } & ExamPublishCheck> {
    const id = await inTransaction(this.db, async (trx) => {
      const repo = new ExamRepository(trx);
      await this.exams.lock(trx, body.examId);
      const original = await this.exams.visibleExam(auth, body.examId, trx);
      await this.exams.checkOwnExam(auth, body.examId, trx);
      const now = nowIso();
      const state = examState(original, now);
      if (state !== 'closed' && state !== 'released') {
        throw conflict('makeUpNotClosed', { name: original.name });
      }
      if (body.who !== 'absent' && state !== 'released') {
        throw conflict('makeUpNeedsScores', { id: original.id });
      }
      const classIds = await repo.classIds(original.id);
      const texts = wordsIn(MAKE_UP_TEXTS, language);
      const input = {
        ...inputOf(original, classIds, await schemeIdOf(trx, original)),
        name: body.name ?? `${original.name.slice(0, 200 - texts.suffix.length)}${texts.suffix}`,
        paperId: body.paperId,
        startAt: body.startAt,
        endAt: body.endAt,
        durationMinutes: body.durationMinutes,
      };
      // A late-entry limit or earliest submission longer than the new window or duration is cut.
      input.lateEntryMinutes = 0;
      input.minSubmitMinutes = Math.min(input.minSubmitMinutes, input.durationMinutes);
      checkWindow(input);
      checkNotOver(input.endAt, now);
      // Said before the batches' check would say it of each batch.
      const chosen = await new PaperRepository(trx).subjectAndLevel(body.paperId);
      if (
        chosen &&
        (chosen.subject_id !== original.subject_id || chosen.level !== original.level)
      ) {
        throw invalid('paperId', 'makeUpOtherSubject', { id: body.paperId });
      }
      const paper = await this.exams.checkReferences(trx, input, auth);
      const version = await writePaperVersion(trx, body.paperId, auth.user.id);
      const makeUpId = await repo.insert({
        // The original's policies, as the input copied them from it (inputOf).
        ...columnsOf(input, paper),
        status: 'published',
        paper_version_id: version.id,
        make_up_of: original.id,
        make_up_who: body.who,
        published_at: now,
        released_at: null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      await repo.setClasses(makeUpId, classIds);
      // The chosen candidates of the original (disabled students included: they sat it), in
      // its seat order, with their extra time.
      await repo.copyMakeUpCandidates(original.id, makeUpId, body.who, now);
      // For a scheme of several parts: only who failed this one and holds the others' passes.
      await limitMakeUpToComponent(trx, makeUpId, original.scheme_component_id, now);
      const candidates = await repo.candidateCount(makeUpId);
      if (candidates === 0) {
        throw conflict('makeUpNobody', { id: original.id, who: whoWords(body.who) });
      }
      // A candidate has one make-up of an exam; who still fails it gets a make-up of that one.
      const overlap = await repo.overlappingMakeUp(original.id, makeUpId);
      if (overlap) {
        throw conflict('makeUpDuplicate', {
          name: original.name,
          makeUp: overlap.name,
          count: overlap.count,
        });
      }
      await repo.record(
        makeUpId,
        auth.user.id,
        'makeUp',
        { of: original.id, who: body.who, paperVersionId: version.id, candidates },
        now,
      );
      await repo.record(original.id, auth.user.id, 'makeUpPublished', { examId: makeUpId }, now);
      return makeUpId;
    });
    return { id, ...(await this.exams.check(id, auth)) };
  }
}

const whoWords = (who: AddMakeUpExamBody['who']) => ({
  zh: wordsIn(MAKE_UP_TEXTS, 'zh').who[who],
  en: wordsIn(MAKE_UP_TEXTS, 'en').who[who],
  es: wordsIn(MAKE_UP_TEXTS, 'es').who[who],
  ja: wordsIn(MAKE_UP_TEXTS, 'ja').who[who],
});
