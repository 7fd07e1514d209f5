import type { Db } from '../../db/database.js';
import { maskIdNumber } from '../base/student.service.js';
import { certifyScheme, withdrawTheoryResults, writeTheoryResults } from './scheme-certificates.js';
import { CertificateRepository } from './certificate.repository.js';

/**
 * What a release of scores does to certificates, inside the release's own transaction (the
 * marking module calls it; this module never imports marking). An exam counting for a scheme
 * component writes its candidates' component results first; when the scheme needs more than
 * theory, certification issues the certificates of those who now hold every part (issue 26).
 * Otherwise, as before: certificates a withdrawal revoked come back to candidates who still
 * pass, with the score now released; every other passed candidate without one gets a new one.
 * Running it twice issues nothing more.
 */
export async function issueCertificatesOnRelease(trx: Db, examId: number, at: string) {
  const scheme = await writeTheoryResults(trx, examId, at);
  if (scheme?.multiPart) return certifyScheme(trx, scheme.schemeId, { examId }, at);
  const repo = new CertificateRepository(trx);
  const reinstated = await repo.reinstateWithdrawn(trx, examId);
  const issued = await repo.issueMissing(trx, examId, at, maskIdNumber);
  return { issued, reinstated };
}

/**
 * A withdrawal of the scores revokes the exam's valid certificates (cause 'withdrawal', with the
 * withdrawal's reason and who withdrew), and those carrying its component results, in the
 * withdrawal's transaction: a certificate never stays valid for scores that are no longer
 * released. The exam's component results go with it.
 */
export async function revokeCertificatesOnWithdrawal(
  trx: Db,
  examId: number,
  entry: { userId: number; reason: string; at: string },
) {
  const anchored = await new CertificateRepository(trx).revokeForWithdrawal(trx, examId, entry);
  return anchored + (await withdrawTheoryResults(trx, examId, entry));
}
