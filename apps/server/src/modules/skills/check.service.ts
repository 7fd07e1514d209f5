import {
  Perm,
  SKILL_SHEET_PDF_TEXTS,
  wordsIn,
  type CandidateSheetsView,
  type CheckAssessmentView,
  type DecideCandidateBody,
  type MessageLanguage,
  type ReopenSheetBody,
  type SheetPdfQuery,
  type CheckCandidateView,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, existing, forbidden, invalid, notFound } from '../../errors.js';
import { skillAssessmentAccess, skillRoleAccess, type SkillRole } from '../../lib/access.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { candidateOutcome, sheetTotal, toHundredths, toPoints } from './scoring-rules.js';
import { parseFrozenSheet, sheetView } from './scoring-sheet.js';
import { candidateView, scoringView } from './scoring-views.js';
import { CheckRepository } from './check.repository.js';
import { ScoringRepository, type CandidateContext } from './scoring.repository.js';
import { sheetPdf } from './sheet-pdf.js';

/**
 * The moment a candidate's skills score becomes final (the checker signed it), inside that
 * transaction: certification writes the component result there (issue 26 §4).
 */
export interface SkillsFinal {
  skillsFinal(candidateId: number, trx: Db): Promise<void>;
}

const candidateOf = (row: CandidateContext) => ({
  id: row.assessment_id,
  chief_id: row.chief_id,
  checker_id: row.checker_id,
});

/**
 * The chief examiner (考评组长: every sheet, reopens with a reason, decides a dispute) and the
 * score checker (核分员: rechecks the sums and signs; only then does the score count).
 */
export class CheckService {
  constructor(
    private readonly db: Db,
    private readonly final: SkillsFinal,
  ) {}

  /** The assessments where the user is the chief examiner or the checker (published or closed). */
  async myAssessments(auth: AuthContext): Promise<CheckAssessmentView[]> {
    const rows = await new CheckRepository(this.db).checkAssessments(auth.user.id);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status as CheckAssessmentView['status'],
      chief: row.chief_id === auth.user.id,
      checker: row.checker_id === auth.user.id,
      candidates: Number(row.candidates),
      disputed: Number(row.disputed),
      toCheck: Number(row.to_check),
      checked: Number(row.checked),
    }));
  }

  async listCandidates(assessmentId: number, auth: AuthContext): Promise<CheckCandidateView[]> {
    const repo = new ScoringRepository(this.db);
    const assessment = existing(
      await repo.assessment(assessmentId),
      'skillAssessment',
      assessmentId,
    );
    skillRoleAccess(assessment, auth.user.id, ['chief', 'checker']);
    const [rows, counts] = await Promise.all([
      repo.candidatesOfAssessment(assessmentId),
      new CheckRepository(this.db).sheetCounts(assessmentId),
    ]);
    return rows.map((row) => ({
      ...candidateView(row),
      examiners: counts.examiners.get(row.id) ?? 0,
      sheetsSigned: counts.signed.get(row.id) ?? 0,
    }));
  }

  async candidateSheets(candidateId: number, auth: AuthContext): Promise<CandidateSheetsView> {
    const repo = new ScoringRepository(this.db);
    const row = existing(await repo.candidate(candidateId), 'skillCandidate', candidateId);
    skillRoleAccess(candidateOf(row), auth.user.id, ['chief', 'checker']);
    return this.sheetsOf(repo, row);
  }

  private async sheetsOf(repo: ScoringRepository, row: CandidateContext) {
    const sheet = parseFrozenSheet(row.snapshot);
    const examiners = await repo.stationExaminers(row.session_id, row.station);
    const scorings = await repo.scoringsOf(row.id);
    const items = await repo.itemScores(scorings.map((s) => s.id));
    const ids = [
      ...new Set([...examiners.map((e) => e.user_id), ...scorings.map((s) => s.examiner_id)]),
    ];
    const names = new Map((await repo.userNames(ids)).map((u) => [u.id, u.nick_name]));
    return {
      candidate: candidateView(row),
      sheet: sheetView(sheet),
      tolerance: toPoints(row.tolerance),
      sheets: ids.map((id) => {
        const scoring = scorings.find((s) => s.examiner_id === id);
        return scoringView(
          sheet,
          { id, name: names.get(id) ?? '' },
          scoring,
          scoring ? items.filter((i) => i.scoring_id === scoring.id) : [],
        );
      }),
      decidedBy: row.decided_by,
      decidedAt: row.decided_at,
      decisionReason: row.decision_reason,
      checkedBy: row.checked_by,
      checkedAt: row.checked_at,
    };
  }

  /**
   * The filled 评分记录表 as an A4 PDF: for the assessment's chief and checker, and for its
   * managers (SKILLS-MANAGE) within their batches; the candidate must be the assessment's.
   */
  async sheetPdf(query: SheetPdfQuery, auth: AuthContext, language: MessageLanguage) {
    const repo = new ScoringRepository(this.db);
    const assessment = existing(
      await repo.assessment(query.assessmentId),
      'skillAssessment',
      query.assessmentId,
    );
    const ownRole = assessment.chief_id === auth.user.id || assessment.checker_id === auth.user.id;
    if (!ownRole) {
      if (!hasAnyPermission(auth, [Perm.SKILLS_MANAGE])) {
        throw forbidden('notChiefOrChecker', { id: assessment.id });
      }
      await skillAssessmentAccess(this.db, auth, assessment.id, 'read');
    }
    const row = await repo.candidate(query.candidateId);
    if (!row || row.assessment_id !== assessment.id) {
      throw notFound('skillCandidate', query.candidateId);
    }
    const sheets = await this.sheetsOf(repo, row);
    const pdfRepo = new CheckRepository(this.db);
    const scoringIds = sheets.sheets.flatMap((s) => (s.scoringId === null ? [] : [s.scoringId]));
    const [photos, session, people] = await Promise.all([
      pdfRepo.photosOf(scoringIds),
      pdfRepo.session(row.session_id),
      repo.userNames([row.chief_id, row.checker_id].filter((id) => id !== null)),
    ]);
    const nameOf = (id: number | null) => people.find((p) => p.id === id)?.nick_name ?? '';
    const items = new Map(sheets.sheet.tasks.flatMap((t) => t.items).map((i) => [i.id, i.what]));
    const buffer = await sheetPdf(
      {
        assessmentName: row.assessment_name,
        place: session?.place ?? '',
        sheets,
        chiefName: nameOf(row.chief_id),
        checkerName: nameOf(row.checker_id),
        photos: photos.map((photo) => ({
          examinerName:
            sheets.sheets.find((s) => s.scoringId === photo.scoring_id)?.examinerName ?? '',
          fileName: photo.original_name,
          itemName: photo.item_id === null ? '' : (items.get(photo.item_id) ?? ''),
          takenAt: photo.taken_at,
        })),
      },
      language,
    );
    const fileName = `${wordsIn(SKILL_SHEET_PDF_TEXTS, language).fileName}-${row.ticket_number}.pdf`;
    return { buffer, fileName, asciiName: `scoring-sheet-${row.id}.pdf` };
  }

  /** Reads the candidate in a transaction, locked, after `role`'s check. */
  private withCandidate<T>(
    candidateId: number,
    auth: AuthContext,
    role: SkillRole,
    work: (repo: ScoringRepository, row: CandidateContext, at: string, trx: Db) => Promise<T>,
  ): Promise<T> {
    return inTransaction(this.db, async (trx) => {
      const repo = new ScoringRepository(trx);
      await repo.lockCandidate(candidateId);
      const row = existing(await repo.candidate(candidateId), 'skillCandidate', candidateId);
      skillRoleAccess(candidateOf(row), auth.user.id, [role]);
      if (row.state === 'checked') throw conflict('candidateChecked', { id: row.id });
      return work(repo, row, nowIso(), trx);
    });
  }

  /** The chief reopens a signed sheet, with a reason: the candidate goes back to scoring. */
  async reopenSheet(body: ReopenSheetBody, auth: AuthContext): Promise<CandidateSheetsView> {
    const scoring = existing(
      await new ScoringRepository(this.db).scoringById(body.scoringId),
      'skillScoring',
      body.scoringId,
    );
    return this.withCandidate(scoring.candidate_id, auth, 'chief', async (repo, row, at) => {
      const current = existing(await repo.scoringById(scoring.id), 'skillScoring', scoring.id);
      if (current.signed_at === null) throw conflict('sheetNotSigned', { id: current.id });
      await repo.updateScoring(current.id, {
        signed_at: null,
        reopened_by: auth.user.id,
        reopened_at: at,
        reopen_reason: body.reason,
        updated_at: at,
      });
      await repo.updateCandidate(row.id, {
        state: 'scoring',
        final_score: null,
        final_veto: 0,
        decided_by: null,
        decided_at: null,
        decision_reason: null,
      });
      await repo.log([
        {
          candidateId: row.id,
          scoringId: current.id,
          actorId: auth.user.id,
          action: 'reopen',
          detail: { reason: body.reason, examinerId: current.examiner_id, was: row.state },
          at,
        },
      ]);
      return this.sheetsOf(repo, existing(await repo.candidate(row.id), 'skillCandidate', row.id));
    });
  }

  /** The chief decides a disputed candidate: the score (0 with a veto) and the reason. */
  decide(body: DecideCandidateBody, auth: AuthContext): Promise<CandidateSheetsView> {
    return this.withCandidate(body.candidateId, auth, 'chief', async (repo, row, at) => {
      if (row.state !== 'disputed' && row.state !== 'decided') {
        throw conflict('notDisputed', { id: row.id });
      }
      const sheet = parseFrozenSheet(row.snapshot);
      const score = body.veto ? 0 : toHundredths(body.score);
      if (score > sheet.fullScore) {
        throw invalid('score', 'scoreOverFull', {
          score: body.score,
          full: toPoints(sheet.fullScore),
        });
      }
      await repo.updateCandidate(row.id, {
        state: 'decided',
        final_score: score,
        final_veto: body.veto ? 1 : 0,
        decided_by: auth.user.id,
        decided_at: at,
        decision_reason: body.reason,
      });
      await repo.log([
        {
          candidateId: row.id,
          scoringId: null,
          actorId: auth.user.id,
          action: 'decide',
          detail: { score: toPoints(score), veto: body.veto, reason: body.reason },
          at,
        },
      ]);
      return this.sheetsOf(repo, existing(await repo.candidate(row.id), 'skillCandidate', row.id));
    });
  }

  /**
   * The checker signs an agreed or decided candidate after the server rechecks every sheet's
   * sum and, when agreed, the mean; the score is final from here (SkillsFinal, same transaction).
   */
  check(candidateId: number, auth: AuthContext): Promise<CandidateSheetsView> {
    return this.withCandidate(candidateId, auth, 'checker', async (repo, row, at, trx) => {
      if (row.state !== 'agreed' && row.state !== 'decided') {
        throw conflict('notReadyToCheck', { id: row.id });
      }
      const sheet = parseFrozenSheet(row.snapshot);
      const examiners = await repo.stationExaminers(row.session_id, row.station);
      const scorings = (await repo.scoringsOf(row.id)).filter((s) =>
        examiners.some((e) => e.user_id === s.examiner_id),
      );
      const items = await repo.itemScores(scorings.map((s) => s.id));
      const problems: string[] = [];
      if (scorings.length < examiners.length || scorings.some((s) => s.signed_at === null)) {
        problems.push('unsigned sheet');
      }
      const totals = scorings.map((s) => {
        const again = sheetTotal(
          sheet,
          items.filter((i) => i.scoring_id === s.id),
          s.overtime_minutes,
        );
        if (again.total !== s.total || again.vetoHit !== (s.veto_hit === 1)) {
          problems.push(`sheet ${s.id}: ${toPoints(s.total)} ≠ ${toPoints(again.total)}`);
        }
        return again;
      });
      if (row.state === 'agreed' && problems.length === 0) {
        const outcome = candidateOutcome(totals, row.tolerance, sheet.step);
        const expected =
          outcome.state === 'agreed'
            ? Math.min(outcome.finalScore, sheet.fullScore || Infinity)
            : null;
        if (expected !== row.final_score) {
          problems.push(`final ${toPoints(row.final_score ?? 0)} ≠ ${toPoints(expected ?? 0)}`);
        }
      }
      if (problems.length > 0) {
        throw conflict('sumsDiffer', { id: row.id, detail: problems.join('; ') });
      }
      await repo.updateCandidate(row.id, {
        state: 'checked',
        checked_by: auth.user.id,
        checked_at: at,
      });
      await repo.log([
        {
          candidateId: row.id,
          scoringId: null,
          actorId: auth.user.id,
          action: 'check',
          detail: { finalScore: toPoints(row.final_score ?? 0), finalVeto: row.final_veto === 1 },
          at,
        },
      ]);
      await this.final.skillsFinal(row.id, trx);
      return this.sheetsOf(repo, existing(await repo.candidate(row.id), 'skillCandidate', row.id));
    });
  }
}
