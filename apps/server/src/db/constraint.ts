import type { AppError } from '../errors.js';

/**
 * Which constraint a failed write broke, on either engine; undefined for any other error.
 * The checks before a write run in its transaction, but a concurrent one can still slip in
 * between (PostgreSQL reads committed rows): the database's own constraint then refuses the
 * write, and the caller answers as its check would have.
 */
export function brokenConstraint(error: unknown): 'unique' | 'foreignKey' | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = String((error as { code?: unknown }).code ?? '');
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return 'unique';
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreignKey';
  return undefined;
}

export const isUniqueViolation = (error: unknown) => brokenConstraint(error) === 'unique';

/** The unique constraint a failure names, e.g. "students.id_number" or "students_id_number_key". */
export const violationText = (error: unknown) =>
  error instanceof Error
    ? `${error.message} ${String((error as { constraint?: unknown }).constraint ?? '')}`
    : '';

/** The caller's answer for the constraint the error broke, else the error itself. */
export function explainConstraint(
  error: unknown,
  answers: { unique?: () => AppError; foreignKey?: () => AppError },
): unknown {
  const broken = brokenConstraint(error);
  return (broken && answers[broken]?.()) ?? error;
}
