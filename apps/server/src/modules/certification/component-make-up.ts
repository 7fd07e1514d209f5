import type { Db } from '../../db/database.js';
import { SchemeCertificateRepository } from '../certificate/scheme-certificate.repository.js';
import { monthsBefore } from '../certificate/scheme-certificates.js';

/**
 * Make-up by component (issue 26 §4): a make-up of an exam counting for a component of a scheme
 * that needs more than theory keeps only the candidates who have not passed that component and
 * still hold valid passes (within the scheme's window before `now`) of the other required
 * components; whose passes have expired must retake every part. A theory-only scheme, or an
 * exam without one, keeps the make-up as it was chosen.
 */
export async function limitMakeUpToComponent(
  trx: Db,
  makeUpId: number,
  componentId: number | null,
  now: string,
): Promise<void> {
  if (componentId === null) return;
  const repo = new SchemeCertificateRepository(trx);
  const scheme = await repo.componentScheme(componentId);
  if (!scheme) return;
  const others = (await repo.components(scheme.scheme_id))
    .filter((c) => c.required === 1 && c.id !== componentId)
    .map((c) => c.id);
  if (others.length === 0) return;
  const { validity_months: months } = await repo.scheme(scheme.scheme_id);
  await repo.keepComponentMakeUp(makeUpId, componentId, others, monthsBefore(now, months));
}
