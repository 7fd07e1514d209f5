import { nowIso, type Db } from '../../db/database.js';
import { ComponentResultRepository } from './component-result.repository.js';
import { SchemeCertificateRepository } from '../certificate/scheme-certificate.repository.js';
import { certifyScheme } from '../certificate/scheme-certificates.js';

/**
 * A skills component's result, written when the checker signs (in the checker's transaction,
 * the skills module's SkillsFinal): the final score on the component's scale (a sheet of another
 * full score is scaled to it), passed at the component's pass score, a veto scoring 0. An
 * assessment that counts for no scheme has no result. When it completes every required part
 * of the scheme, the certificate is issued in the same transaction.
 */
export class SkillsComponentResults {
  async skillsFinal(candidateId: number, trx: Db): Promise<void> {
    const repo = new ComponentResultRepository(trx);
    const row = await repo.skillCandidate(candidateId);
    if (!row || row.component_id === null || row.final_score === null) return;
    const full = row.component_full_score ?? row.sheet_full_score;
    const score =
      row.final_veto === 1 || row.sheet_full_score <= 0
        ? 0
        : Math.round((row.final_score * full) / row.sheet_full_score);
    // The scheme's lock first: a theory release at the same moment then sees this result.
    const certificates = new SchemeCertificateRepository(trx);
    const scheme = await certificates.componentScheme(row.component_id);
    if (scheme) await certificates.lockScheme(scheme.scheme_id);
    const finalAt = nowIso();
    await repo.saveSkillsResult({
      studentId: row.student_id,
      componentId: row.component_id,
      skillCandidateId: row.id,
      score,
      passed: score >= (row.component_pass_score ?? full),
      finalAt,
    });
    // The last part to become final may complete a certification (issue 26 §4).
    if (scheme) await certifyScheme(trx, scheme.scheme_id, { studentId: row.student_id }, finalAt);
  }
}
