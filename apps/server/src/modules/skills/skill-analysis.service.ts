import {
  EXAMINER_OUT_OF_LINE_SHARE,
  type SkillAssessmentAnalysis,
  type SkillExaminerAnalysis,
  type SkillFailedStats,
  type SkillItemAnalysis,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { existing } from '../../errors.js';
import { skillAssessmentAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { toPoints } from './scoring-rules.js';
import { parseFrozenSheet } from './scoring-sheet.js';
import {
  SkillAnalysisRepository,
  type AnalysisCandidateRow,
  type ExaminerDeviationRow,
  type ItemFigureRow,
  type ItemPairRow,
} from './skill-analysis.repository.js';

/** Without a scheme the national rule: 60 of 100 passes. */
const DEFAULT_PASS_SHARE = 0.6;
/** Candidates with a final score: agreed by the examiners, decided by the chief, or checked. */
const FINAL_STATES = new Set(['agreed', 'decided', 'checked']);

const points2 = (hundredths: number) => Math.round(hundredths) / 100;
const share = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10000) / 10000 : null;

/** The failed totals' count, mean, least and greatest (points). */
function failedStats(failed: number[]): SkillFailedStats {
  if (failed.length === 0) return { count: 0, mean: null, min: null, max: null };
  const sum = failed.reduce((a, b) => a + b, 0);
  return {
    count: failed.length,
    mean: points2(sum / failed.length),
    min: toPoints(Math.min(...failed)),
    max: toPoints(Math.max(...failed)),
  };
}

/**
 * The analysis of a skills assessment (issue 26 §4): pass rate and failed totals on the
 * component's scale (as certification scores them), facility and agreement per sheet item, and
 * each examiner's deviation from the other examiners of the same candidates. Figures are read
 * from signed sheets only: what an examiner still types is nobody's to read.
 */
export class SkillAnalysisService {
  constructor(private readonly db: Db) {}

  async analysis(assessmentId: number, auth: AuthContext): Promise<SkillAssessmentAnalysis> {
    await skillAssessmentAccess(this.db, auth, assessmentId, 'read');
    const repo = new SkillAnalysisRepository(this.db);
    const assessment = existing(
      await repo.assessment(assessmentId),
      'skillAssessment',
      assessmentId,
    );
    const [candidates, figures, pairs, deviations] = await Promise.all([
      repo.candidates(assessmentId),
      repo.itemFigures(assessmentId),
      repo.itemPairs(assessmentId),
      repo.examinerDeviations(assessmentId),
    ]);
    const sheetFull = assessment.sheet_full_score;
    const full = assessment.component_full_score ?? sheetFull;
    const pass = assessment.component_pass_score ?? Math.round(full * DEFAULT_PASS_SHARE);
    const outOfLineAt = assessment.tolerance * EXAMINER_OUT_OF_LINE_SHARE;
    const outcome = passOutcome(candidates, sheetFull, full, pass);
    return {
      assessmentId,
      name: assessment.name,
      fullScore: toPoints(full),
      passScore: toPoints(pass),
      tolerance: toPoints(assessment.tolerance),
      outOfLineAt: toPoints(outOfLineAt),
      ...outcome,
      items: itemAnalysis(assessment.snapshot, figures, pairs, sheetsOf(candidates)),
      examiners: deviations.map((row) => examinerAnalysis(row, outOfLineAt)),
    };
  }
}

/** Counts, pass rate and failed totals; a score on the component's scale as certification's. */
function passOutcome(rows: AnalysisCandidateRow[], sheetFull: number, full: number, pass: number) {
  const failed: number[] = [];
  let scored = 0;
  let checked = 0;
  let passed = 0;
  for (const row of rows) {
    if (!FINAL_STATES.has(row.state) || row.final_score === null) continue;
    scored++;
    if (row.state === 'checked') checked++;
    const score =
      row.final_veto === 1 || sheetFull <= 0 ? 0 : Math.round((row.final_score * full) / sheetFull);
    if (score >= pass) passed++;
    else failed.push(score);
  }
  return {
    candidates: rows.length,
    absent: rows.filter((row) => row.presence === 'absent').length,
    scored,
    checked,
    passed,
    passRate: share(passed, scored),
    failed: failedStats(failed),
  };
}

/** Candidates with a signed sheet, and with two or more: a veto item's base. */
function sheetsOf(rows: AnalysisCandidateRow[]) {
  const signed = rows.map((row) => Number(row.signed ?? 0));
  return { any: signed.filter((n) => n > 0).length, multi: signed.filter((n) => n > 1).length };
}

function itemAnalysis(
  snapshot: string,
  figures: ItemFigureRow[],
  pairs: ItemPairRow[],
  sheets: { any: number; multi: number },
): SkillItemAnalysis[] {
  const sheet = parseFrozenSheet(snapshot);
  const figureOf = new Map(figures.map((row) => [Number(row.item_id), row]));
  const pairOf = new Map(pairs.map((row) => [Number(row.item_id), row]));
  return sheet.tasks.flatMap((task) =>
    task.items.map((item) => {
      const f = figureOf.get(item.id);
      const p = pairOf.get(item.id);
      const candidates = item.veto ? sheets.any : Number(f?.scored ?? 0);
      const multi = item.veto ? sheets.multi : Number(f?.scored_multi ?? 0);
      const differing = Number((item.veto ? f?.veto_split : f?.differing) ?? 0);
      // Points given (award) or taken (deduct): what the candidate keeps is points − taken.
      const meanGiven = candidates > 0 ? Number(f?.sum_of_means ?? 0) / candidates : 0;
      const kept = item.mode === 'deduct' ? item.points - meanGiven : meanGiven;
      const pairCount = Number(p?.pairs ?? 0);
      return {
        itemId: item.id,
        taskTitle: task.title,
        what: item.what,
        mode: item.mode,
        veto: item.veto,
        points: toPoints(item.points),
        candidates,
        facility: !item.veto && candidates > 0 && item.points > 0 ? share(kept, item.points) : null,
        differing,
        differRate: share(differing, multi),
        meanAbsDiff: pairCount > 0 ? points2(Number(p?.abs_diff_sum ?? 0) / pairCount) : null,
        vetoHits: Number(f?.veto_hits ?? 0),
      };
    }),
  );
}

function examinerAnalysis(row: ExaminerDeviationRow, outOfLineAt: number): SkillExaminerAnalysis {
  const compared = Number(row.compared);
  const mean = compared > 0 ? Number(row.deviation_sum ?? 0) / compared : null;
  const meanAbs = compared > 0 ? Number(row.abs_deviation_sum ?? 0) / compared : null;
  return {
    examinerId: Number(row.examiner_id),
    name: row.nick_name ?? '',
    sheets: Number(row.sheets),
    compared,
    meanDeviation: mean === null ? null : points2(mean),
    meanAbsDeviation: meanAbs === null ? null : points2(meanAbs),
    outOfLine: mean !== null && Math.abs(mean) >= outOfLineAt,
  };
}
