import {
  CERTIFICATION_EXPORT_TEXTS,
  SCHEME_COMPONENT_KIND_NAMES,
  SCHEME_COMPONENT_KINDS,
  SCORE_SCALE,
  wordsIn,
  type CertLevel,
  type CertificationComponentResult,
  type CertificationRowView,
  type ListCertificationQuery,
  type ListResult,
  type MessageLanguage,
  type SchemeComponentKind,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { classAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { styleHeader, writeExport } from '../../lib/spreadsheet.js';
import { visibleClassIds } from '../school/classes.repository.js';
import {
  CertificationResultsRepository,
  type CertificationFilters,
} from './certification-results.repository.js';
import { monthsBefore } from '../certificate/scheme-certificates.js';

type Filters = CertificationFilters;

/**
 * listCertification / exportCertification (issue 26 §4): per candidate and scheme, each
 * component's best valid result (not withdrawn, final within the scheme's window before now)
 * and the overall status. SKILLS-MANAGE or EXAM-ANALYSIS (who reads scores and certificates);
 * rows of the batches the viewer sees, as every batch-scoped list.
 */
export class CertificationResultsService {
  private readonly repo: CertificationResultsRepository;

  constructor(private readonly db: Db) {
    this.repo = new CertificationResultsRepository(db);
  }

  /** The scheme component an exam counts for (exams.scheme_component_id), or undefined. */
  examScheme(examId: number) {
    return this.repo.examScheme(examId);
  }

  private async scope(query: Filters, auth: AuthContext) {
    if (query.classId !== undefined) await classAccess(this.db, auth, query.classId);
    return visibleClassIds(this.db, auth);
  }

  async list(
    query: ListCertificationQuery,
    auth: AuthContext,
    now = nowIso(),
  ): Promise<ListResult<CertificationRowView>> {
    const scope = await this.scope(query, auth);
    const [total, pairs] = await Promise.all([
      this.repo.count(query, scope),
      this.repo.page(query, scope, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    ]);
    return { total, list: await this.views(pairs, now) };
  }

  /**
   * Every row of the filters (every page, a thousand pairs at a time): what the export and the
   * analysis (certification-analysis) read, with the list's best valid result per component.
   */
  async rows(query: Filters, auth: AuthContext, now = nowIso()) {
    // The batch is checked (refused or not found) before any row is read.
    return this.pages(query, await this.scope(query, auth), now);
  }

  private async *pages(
    query: Filters,
    scope: Awaited<ReturnType<typeof visibleClassIds>>,
    now: string,
  ) {
    const PAGE = 1000;
    for (let offset = 0; ; offset += PAGE) {
      const pairs = await this.repo.page(query, scope, { limit: PAGE, offset });
      yield* await this.views(pairs, now);
      if (pairs.length < PAGE) break;
    }
  }

  /** Rows of (student, scheme) pairs, in the pairs' order. */
  private async views(
    pairs: { student_id: number; scheme_id: number }[],
    now: string,
  ): Promise<CertificationRowView[]> {
    if (pairs.length === 0) return [];
    const schemeRows = await this.repo.schemes([...new Set(pairs.map((p) => p.scheme_id))]);
    const students = new Map(
      (await this.repo.students([...new Set(pairs.map((p) => p.student_id))])).map((s) => [
        s.id,
        s,
      ]),
    );
    const results = await this.repo.results(
      [...students.keys()],
      schemeRows.map((k) => k.component_id),
    );
    // A certificate issued stays "certified" after its parts' validity window has passed.
    const certified = await this.repo.certifiedPairs(
      [...students.keys()],
      [...new Set(pairs.map((p) => p.scheme_id))],
    );
    return pairs.map((pair) => {
      const components = schemeRows.filter((k) => k.scheme_id === pair.scheme_id);
      const since = monthsBefore(now, components[0]!.validity_months);
      const parts: CertificationComponentResult[] = components.map((k) => {
        // Rows come best first: the first valid one is the best valid result.
        const best = results.find(
          (r) =>
            r.student_id === pair.student_id &&
            r.component_id === k.component_id &&
            r.final_at >= since,
        );
        return {
          componentId: k.component_id,
          kind: k.kind as SchemeComponentKind,
          required: k.required === 1,
          score: best ? best.score / SCORE_SCALE : null,
          fullScore: k.full_score / SCORE_SCALE,
          passScore: k.pass_score / SCORE_SCALE,
          passed: best ? best.passed === 1 : null,
          finalAt: best?.final_at ?? null,
          source: best ? (best.exam_name ?? best.assessment_name ?? null) : null,
        };
      });
      const required = parts.filter((p) => p.required);
      const failed = required.filter((p) => p.passed === false).map((p) => p.kind);
      const student = students.get(pair.student_id)!;
      return {
        studentId: pair.student_id,
        name: student.name,
        ticketNumber: student.ticket_number,
        className: student.class_name,
        schemeId: pair.scheme_id,
        subjectName: components[0]!.subject_name,
        level: components[0]!.level as CertLevel,
        components: parts,
        status:
          certified.has(`${pair.student_id}:${pair.scheme_id}`) ||
          required.every((p) => p.passed === true)
            ? 'certified'
            : failed.length > 0
              ? 'failed'
              : 'pending',
        failed,
      };
    });
  }

  /** The list's rows (every page) as .xlsx, headers in `language`. */
  async export(query: Filters, auth: AuthContext, language: MessageLanguage, now = nowIso()) {
    const rows = await this.rows(query, auth, now);
    const texts = wordsIn(CERTIFICATION_EXPORT_TEXTS, language);
    const kindNames = SCHEME_COMPONENT_KINDS;
    return writeExport(
      { local: texts.fileName, english: 'certification-results' },
      async (workbook) => {
        const sheet = workbook.addWorksheet(texts.sheet);
        const kindColumns = kindNames.flatMap((kind) => {
          const name = SCHEME_COMPONENT_KIND_NAMES[kind][language];
          return [`${name} ${texts.score}`, `${name} ${texts.date}`, `${name} ${texts.source}`];
        });
        sheet.columns = [...texts.columns, ...kindColumns, texts.statusColumn].map((header) => ({
          header,
          width: 16,
        }));
        styleHeader(sheet.getRow(1));
        sheet.getRow(1).commit();
        for await (const row of rows) {
          const cells = kindNames.flatMap((kind) => {
            const part = row.components.find((p) => p.kind === kind);
            return [part?.score ?? '', part?.finalAt?.slice(0, 10) ?? '', part?.source ?? ''];
          });
          sheet
            .addRow([
              row.ticketNumber,
              row.name,
              row.className,
              row.subjectName,
              row.level,
              ...cells,
              texts.status[row.status],
            ])
            .commit();
        }
        sheet.commit();
      },
    );
  }
}
