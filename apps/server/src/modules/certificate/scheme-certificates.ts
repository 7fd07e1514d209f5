import { CERT_LEVEL_NAMES } from '@kaoshi/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CertificateComponentsTable, CertificatesTable } from '../../db/types.js';
import { maskIdNumber } from '../base/student.service.js';
import { CertificateRepository, certificateValues } from './certificate.repository.js';
import {
  SchemeCertificateRepository,
  type StudentFilter,
} from './scheme-certificate.repository.js';

/** The instant `months` calendar months before `iso` (the start of a validity window). */
export function monthsBefore(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
}

/**
 * What a scheme's certificate certifies, frozen in its row's `exam_name` at issue so that the
 * list, the PDF, the public check and the student's card all read it: the scheme's job type and
 * level, e.g. "车工 中级 职业技能等级认定" (schemes have no name of their own; a certificate's
 * facts are printed in Chinese), never the theory exam it is anchored on.
 */
export function schemeCertificateName(subjectName: string, level: number): string {
  const levelName = CERT_LEVEL_NAMES[level as keyof typeof CERT_LEVEL_NAMES]?.zh ?? String(level);
  return `${subjectName} ${levelName} 职业技能等级认定`;
}

type ResultRow = Awaited<ReturnType<SchemeCertificateRepository['validResults']>>[number];

/** Per student, per component: the best result (the rows come best first). */
export function bestResults(rows: readonly ResultRow[]): Map<number, Map<number, ResultRow>> {
  const best = new Map<number, Map<number, ResultRow>>();
  for (const row of rows) {
    let mine = best.get(row.student_id);
    if (!mine) best.set(row.student_id, (mine = new Map()));
    if (!mine.has(row.component_id)) mine.set(row.component_id, row);
  }
  return best;
}

/**
 * A theory exam's release: each candidate with a score gets the result of the scheme component
 * the exam counts for, scaled to the component's full score (in the release's transaction).
 * Null for an exam that counts for no scheme; `multiPart` when the scheme needs more than theory.
 */
export async function writeTheoryResults(trx: Db, examId: number, at: string) {
  const repo = new SchemeCertificateRepository(trx);
  const component = await repo.examComponent(examId);
  if (!component) return null;
  await repo.lockScheme(component.scheme_id);
  const components = await repo.components(component.scheme_id);
  const multiPart = components.some((c) => c.required === 1 && c.kind !== 'theory');
  // A release happens once; its withdrawal deletes the results, so a second run adds nothing.
  if (!(await repo.hasExamResults(examId))) {
    const total = component.total_score;
    await repo.insertResults(
      (await repo.examScores(examId)).map((row) => {
        const score = total > 0 ? Math.round(((row.score ?? 0) * component.full_score) / total) : 0;
        return {
          student_id: row.student_id,
          component_id: component.component_id,
          score,
          passed: score >= component.pass_score ? 1 : 0,
          final_at: at,
          exam_id: examId,
          exam_candidate_id: row.id,
        };
      }),
    );
  }
  return { schemeId: component.scheme_id, multiPart };
}

/**
 * Certifies the students the filter names for the scheme: a certificate when every required
 * component has a passed result final within the validity window before `at` (the best valid
 * result of each), anchored on the theory candidacy, carrying each passed component's score.
 * A certificate a withdrawal revoked comes back with its number and code; a valid one or one
 * staff revoked stays as it is. Set-based: a handful of queries whatever the number of students.
 */
export async function certifyScheme(trx: Db, schemeId: number, filter: StudentFilter, at: string) {
  const repo = new SchemeCertificateRepository(trx);
  const scheme = await repo.scheme(schemeId);
  const components = await repo.components(schemeId);
  const required = components.filter((c) => c.required === 1);
  const theory = required.find((c) => c.kind === 'theory');
  if (!theory) return { issued: 0, reinstated: 0 };
  const since = monthsBefore(at, scheme.validity_months);
  const best = bestResults(
    await repo.validResults(
      components.map((c) => c.id),
      filter,
      since,
    ),
  );
  const held = new Map((await repo.certificates(schemeId, filter)).map((c) => [c.student_id, c]));
  const partsOf = (mine: Map<number, ResultRow>, certificateId: number) =>
    components.flatMap((c): Insertable<CertificateComponentsTable>[] => {
      const row = mine.get(c.id);
      if (!row || row.passed !== 1) return [];
      return [
        {
          certificate_id: certificateId,
          kind: c.kind,
          score: row.score,
          full_score: c.full_score,
          pass_score: c.pass_score,
          final_at: row.final_at,
          result_id: row.id,
        },
      ];
    });

  const fresh: { anchor: number; mine: Map<number, ResultRow> }[] = [];
  const reinstated: { id: number; mine: Map<number, ResultRow> }[] = [];
  for (const [studentId, mine] of best) {
    if (!required.every((c) => mine.get(c.id)?.passed === 1)) continue;
    const certificate = held.get(studentId);
    if (certificate?.revoke_cause === 'withdrawal') reinstated.push({ id: certificate.id, mine });
    else if (!certificate) {
      const anchor = mine.get(theory.id)!.exam_candidate_id;
      if (anchor !== null) fresh.push({ anchor, mine });
    }
  }

  const parts: Insertable<CertificateComponentsTable>[] = [];
  let issued = 0;
  if (reinstated.length > 0) {
    await repo.reinstate(reinstated.map((r) => r.id));
    for (const r of reinstated) parts.push(...partsOf(r.mine, r.id));
  }
  if (fresh.length > 0) {
    const anchors = new Map(
      (await repo.anchors(fresh.map((f) => f.anchor))).map((a) => [a.candidate_id, a]),
    );
    const codes = new Map<string, Map<number, ResultRow>>();
    const values: Insertable<CertificatesTable>[] = [];
    for (const f of fresh) {
      const row = anchors.get(f.anchor);
      if (!row) continue;
      const certificate = certificateValues(row, at, maskIdNumber);
      codes.set(certificate.code, f.mine);
      values.push({
        ...certificate,
        subject_name: scheme.subject_name,
        level: scheme.level,
        exam_name: schemeCertificateName(scheme.subject_name, scheme.level),
        scheme_id: schemeId,
      });
    }
    for (const { id, code } of await new CertificateRepository(trx).insertNumbered(trx, values)) {
      parts.push(...partsOf(codes.get(code)!, id));
    }
    issued = values.length;
  }
  await repo.insertComponents(parts);
  return { issued, reinstated: reinstated.length };
}

/**
 * A withdrawal of a theory exam's scores: certificates carrying its results are revoked (the
 * certificate module revokes those anchored on the exam) and its results are taken away.
 */
export async function withdrawTheoryResults(
  trx: Db,
  examId: number,
  entry: { userId: number; reason: string; at: string },
) {
  const repo = new SchemeCertificateRepository(trx);
  const revoked = await repo.revokeCarrying(examId, entry);
  await repo.deleteExamResults(examId);
  return revoked;
}
