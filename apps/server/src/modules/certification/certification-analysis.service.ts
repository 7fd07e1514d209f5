import {
  SCORE_SCALE,
  type CertificationAnalysisQuery,
  type CertificationAnalysisView,
  type CertificationComponentAnalysis,
  type CertificationComponentResult,
  type CertificationRowView,
  type CertificationSchemeAnalysis,
  type CertLevel,
  type ExamCertificationQuery,
  type ExamCertificationView,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { histogram, points, rate } from '../analysis/quantiles.js';
import { StatisticsAccess } from '../analysis/statistics.service.js';
import type { CertificationResultsService } from './certification-results.service.js';

/** A component's running figures: scores in hundredths. */
interface ComponentTally {
  part: CertificationComponentResult;
  candidates: number;
  passed: number;
  failed: number[];
}

interface SchemeTally {
  row: CertificationRowView;
  candidates: number;
  statuses: Record<CertificationRowView['status'], number>;
  components: Map<number, ComponentTally>;
}

/**
 * The certification analysis (issue 26 §4): listCertification's rows (each component's best
 * valid result, the status) counted in one pass per scheme: certified / failed / pending, and
 * per component the candidates with a valid result, the pass rate and the failed best scores
 * (count, mean, least, greatest, bands of 10 % of the component's full score).
 */
export class CertificationAnalysisService {
  private readonly statistics: StatisticsAccess;

  constructor(
    private readonly results: CertificationResultsService,
    db: Db,
  ) {
    this.statistics = new StatisticsAccess(db);
  }

  async analysis(
    query: CertificationAnalysisQuery,
    auth: AuthContext,
    now = nowIso(),
  ): Promise<CertificationAnalysisView> {
    return { schemes: await tallySchemes(await this.results.rows(query, auth, now)) };
  }

  /**
   * The scheme a theory exam counts for, over the exam's candidates (one batch or all those the
   * viewer reads): each component's pass rate, the exam's own among them, from the same rows as
   * the certification analysis. The exam is read as its statistics read it (not found outside
   * the viewer's batches); the results are only those released (cert_results).
   */
  async examAnalysis(
    query: ExamCertificationQuery,
    auth: AuthContext,
    now = nowIso(),
  ): Promise<ExamCertificationView> {
    await this.statistics.exam(query.examId, auth, {
      classId: query.classId,
      includeUnreleased: true,
    });
    const counted = await this.results.examScheme(query.examId);
    if (!counted) {
      return {
        schemeId: null,
        componentId: null,
        subjectId: null,
        subjectName: null,
        level: null,
        scheme: null,
      };
    }
    const rows = await this.results.rows(
      { schemeId: counted.scheme_id, examId: query.examId, classId: query.classId },
      auth,
      now,
    );
    const [scheme] = await tallySchemes(rows);
    return {
      schemeId: counted.scheme_id,
      componentId: counted.component_id,
      subjectId: counted.subject_id,
      subjectName: counted.subject_name,
      level: counted.level as CertLevel,
      scheme: scheme ?? null,
    };
  }
}

/** listCertification's rows counted per scheme, by scheme id. */
async function tallySchemes(
  rows: AsyncIterable<CertificationRowView>,
): Promise<CertificationSchemeAnalysis[]> {
  const schemes = new Map<number, SchemeTally>();
  for await (const row of rows) {
    let scheme = schemes.get(row.schemeId);
    if (!scheme) {
      scheme = {
        row,
        candidates: 0,
        statuses: { certified: 0, failed: 0, pending: 0 },
        components: new Map(row.components.map((part) => [part.componentId, tally(part)])),
      };
      schemes.set(row.schemeId, scheme);
    }
    scheme.candidates++;
    scheme.statuses[row.status]++;
    for (const part of row.components) {
      if (part.score === null) continue;
      const figures = scheme.components.get(part.componentId)!;
      figures.candidates++;
      if (part.passed) figures.passed++;
      else figures.failed.push(Math.round(part.score * SCORE_SCALE));
    }
  }
  return [...schemes.values()].sort((a, b) => a.row.schemeId - b.row.schemeId).map(schemeView);
}

const tally = (part: CertificationComponentResult): ComponentTally => ({
  part,
  candidates: 0,
  passed: 0,
  failed: [],
});

function schemeView(scheme: SchemeTally): CertificationSchemeAnalysis {
  return {
    schemeId: scheme.row.schemeId,
    subjectName: scheme.row.subjectName,
    level: scheme.row.level,
    candidates: scheme.candidates,
    ...scheme.statuses,
    components: [...scheme.components.values()].map(componentView),
  };
}

function componentView(figures: ComponentTally): CertificationComponentAnalysis {
  const { part, failed } = figures;
  const full = Math.round(part.fullScore * SCORE_SCALE);
  const pass = Math.round(part.passScore * SCORE_SCALE);
  const sum = failed.reduce((a, b) => a + b, 0);
  const some = failed.length > 0;
  return {
    componentId: part.componentId,
    kind: part.kind,
    required: part.required,
    fullScore: part.fullScore,
    passScore: part.passScore,
    candidates: figures.candidates,
    passed: figures.passed,
    passRate: rate(figures.passed, figures.candidates),
    failed: {
      count: failed.length,
      mean: some ? points(sum / failed.length) : null,
      min: some ? points(failed.reduce((a, b) => Math.min(a, b))) : null,
      max: some ? points(failed.reduce((a, b) => Math.max(a, b))) : null,
      // The bands below the pass score, and any other a failed score falls in (a pass score
      // raised after the result was final).
      bands: histogram(failed, full)
        .filter((band) => band.from < pass || band.count > 0)
        .map((band) => ({ from: points(band.from), to: points(band.to), count: band.count })),
    },
  };
}
