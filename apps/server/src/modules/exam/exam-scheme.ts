import { CERT_LEVEL_NAMES, ENTITY_NAMES, type CertLevel } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { invalid } from '../../errors.js';
import { SchemeRepository } from '../certification/scheme.repository.js';

/*
 * An exam and the certification scheme it counts for: the exam names the scheme's theory
 * component (exams.scheme_component_id); its view and form speak of the scheme.
 */

const levelName = (level: number) => CERT_LEVEL_NAMES[level as CertLevel] ?? String(level);

/**
 * The theory component of `schemeId` for an exam of the job type and level (its paper's and
 * batches'); null without a scheme. A scheme of another job type or level is refused, naming both.
 */
export async function schemeComponentFor(
  db: Db,
  schemeId: number | null,
  exam: { subject_id: number; subject_name: string; level: number },
  /** Postgres: holds the scheme as read until the transaction ends. */
  postgres: boolean,
): Promise<number | null> {
  if (schemeId === null) return null;
  const scheme = await new SchemeRepository(db).theoryOf(schemeId, postgres);
  if (!scheme) throw invalid('schemeId', 'notFound', { entity: ENTITY_NAMES.scheme, id: schemeId });
  if (scheme.subject_id !== exam.subject_id || scheme.level !== exam.level) {
    throw invalid('schemeId', 'examSchemeOtherSubject', {
      schemeSubject: scheme.subject_name,
      schemeLevel: levelName(scheme.level),
      subject: exam.subject_name,
      level: levelName(exam.level),
    });
  }
  return scheme.component_id;
}

/** The scheme an exam row counts for (through its component), or null. */
export const schemeIdOf = (db: Db, row: { scheme_component_id: number | null }) =>
  new SchemeRepository(db).schemeOfComponent(row.scheme_component_id);
