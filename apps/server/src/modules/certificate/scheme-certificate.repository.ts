import { PostgresAdapter, sql, type Insertable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { certificateFacts, insertRows } from './certificate.repository.js';
import type { CertResultsTable, CertificateComponentsTable } from '../../db/types.js';

/** Rows per INSERT or `in` list: far below SQLite's limit of bound parameters. */
export const CHUNK = 500;

/** Whose results a certification looks at: the candidates of a theory exam, or one student. */
export type StudentFilter = { examId: number } | { studentId: number };

export function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
}

/** What scheme certificates read and write: components' results, certificates and their parts. */
export class SchemeCertificateRepository {
  constructor(private readonly db: Db) {}

  private examStudents(examId: number) {
    return this.db.selectFrom('exam_candidates').select('student_id').where('exam_id', '=', examId);
  }

  /** The scheme component an exam counts for, with its scheme and the paper's total. */
  examComponent(examId: number) {
    return this.db
      .selectFrom('exams')
      .innerJoin('cert_scheme_components as k', 'k.id', 'exams.scheme_component_id')
      .innerJoin('cert_schemes as s', 's.id', 'k.scheme_id')
      .innerJoin('paper_versions as v', 'v.id', 'exams.paper_version_id')
      .select([
        'k.id as component_id',
        'k.full_score',
        'k.pass_score',
        's.id as scheme_id',
        'v.total_score',
      ])
      .where('exams.id', '=', examId)
      .executeTakeFirst();
  }

  /**
   * Holds the scheme's row until the transaction ends (PostgreSQL; SQLite has one writer), so two
   * parts becoming final at once are written one after the other and the later sees the earlier.
   */
  async lockScheme(schemeId: number) {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await this.db
      .selectFrom('cert_schemes')
      .select('id')
      .where('id', '=', schemeId)
      .forUpdate()
      .execute();
  }

  /** The scheme a component belongs to. */
  componentScheme(componentId: number) {
    return this.db
      .selectFrom('cert_scheme_components')
      .select('scheme_id')
      .where('id', '=', componentId)
      .executeTakeFirst();
  }

  /** The scheme with its job type's name (what its certificates certify). */
  scheme(schemeId: number) {
    return this.db
      .selectFrom('cert_schemes')
      .innerJoin('subjects', 'subjects.id', 'cert_schemes.subject_id')
      .select([
        'cert_schemes.id',
        'cert_schemes.validity_months',
        'cert_schemes.level',
        'subjects.name as subject_name',
      ])
      .where('cert_schemes.id', '=', schemeId)
      .executeTakeFirstOrThrow();
  }

  components(schemeId: number) {
    return this.db
      .selectFrom('cert_scheme_components')
      .selectAll()
      .where('scheme_id', '=', schemeId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The exam's candidates with a score (hundredths of the paper). */
  examScores(examId: number) {
    return this.db
      .selectFrom('exam_candidates')
      .select(['id', 'student_id', 'score'])
      .where('exam_id', '=', examId)
      .where('score', 'is not', null)
      .execute();
  }

  async insertResults(values: Insertable<CertResultsTable>[]) {
    await insertRows(this.db, 'cert_results', values);
  }

  async hasExamResults(examId: number) {
    const row = await this.db
      .selectFrom('cert_results')
      .select('id')
      .where('exam_id', '=', examId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A withdrawal of the exam's scores takes its component results away. */
  async deleteExamResults(examId: number) {
    await this.db.deleteFrom('cert_results').where('exam_id', '=', examId).execute();
  }

  /**
   * Results of the components not withdrawn and final at or after `since` (the validity window),
   * of the students the filter names; best first per student and component.
   */
  validResults(componentIds: number[], filter: StudentFilter, since: string) {
    let query = this.db
      .selectFrom('cert_results')
      .selectAll()
      .where('component_id', 'in', componentIds)
      .where('withdrawn_at', 'is', null)
      .where('final_at', '>=', since);
    query =
      'examId' in filter
        ? query.where('student_id', 'in', this.examStudents(filter.examId))
        : query.where('student_id', '=', filter.studentId);
    return query
      .orderBy('student_id')
      .orderBy('component_id')
      .orderBy('score', 'desc')
      .orderBy('final_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The scheme's certificates of the students the filter names. */
  certificates(schemeId: number, filter: StudentFilter) {
    let query = this.db
      .selectFrom('certificates')
      .select(['id', 'student_id', 'revoked_at', 'revoke_cause'])
      .where('scheme_id', '=', schemeId);
    query =
      'examId' in filter
        ? query.where('student_id', 'in', this.examStudents(filter.examId))
        : query.where('student_id', '=', filter.studentId);
    return query.execute();
  }

  /**
   * The theory candidacies certificates are anchored on, with the facts a certificate freezes.
   * PostgreSQL: one query given an array of the ids; it estimates the array by its length, whereas
   * a subquery over the results this release has just written (no statistics yet) was planned as
   * one row, and its nested loops over 10,000 took 0.5-0.7 s. SQLite: `in` lists of CHUNK ids.
   */
  async anchors(candidateIds: number[]) {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      return certificateFacts(this.db)
        .where(sql<SqlBool>`exam_candidates.id = any(${candidateIds}::int[])`)
        .execute();
    }
    const rows = [];
    for (const part of chunks(candidateIds)) {
      rows.push(
        ...(await certificateFacts(this.db).where('exam_candidates.id', 'in', part).execute()),
      );
    }
    return rows;
  }

  /** Gives back certificates a withdrawal revoked; their parts are written again. */
  async reinstate(ids: number[]) {
    for (const part of chunks(ids)) {
      await this.db
        .updateTable('certificates')
        .set({ revoked_at: null, revoked_by: null, revoke_cause: null, revoke_reason: '' })
        .where('id', 'in', part)
        .execute();
      await this.db
        .deleteFrom('certificate_components')
        .where('certificate_id', 'in', part)
        .execute();
    }
  }

  async insertComponents(values: Insertable<CertificateComponentsTable>[]) {
    await insertRows(this.db, 'certificate_components', values);
  }

  /** Revokes valid certificates that carry one of the exam's component results. */
  async revokeCarrying(examId: number, entry: { userId: number; reason: string; at: string }) {
    const result = await this.db
      .updateTable('certificates')
      .set({
        revoked_at: entry.at,
        revoked_by: entry.userId,
        revoke_cause: 'withdrawal',
        revoke_reason: entry.reason,
      })
      .where('revoked_at', 'is', null)
      .where(
        'id',
        'in',
        this.db
          .selectFrom('certificate_components as cc')
          .innerJoin('cert_results as r', 'r.id', 'cc.result_id')
          .select('cc.certificate_id')
          .where('r.exam_id', '=', examId),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Make-up by component: drops from the make-up's candidates who holds a valid pass of the
   * component made up, and who lacks a valid pass of any of the other required components.
   */
  async keepComponentMakeUp(
    makeUpId: number,
    componentId: number,
    otherIds: number[],
    since: string,
  ) {
    const passes = (id: number) =>
      this.db
        .selectFrom('cert_results')
        .select('student_id')
        .where('component_id', '=', id)
        .where('passed', '=', 1)
        .where('withdrawn_at', 'is', null)
        .where('final_at', '>=', since);
    await this.db
      .deleteFrom('exam_candidates')
      .where('exam_id', '=', makeUpId)
      .where('student_id', 'in', passes(componentId))
      .execute();
    for (const other of otherIds) {
      await this.db
        .deleteFrom('exam_candidates')
        .where('exam_id', '=', makeUpId)
        .where('student_id', 'not in', passes(other))
        .execute();
    }
  }
}
