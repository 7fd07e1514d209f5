import type { EntityKey, MessageKey } from '@kaoshi/shared';
import { explainConstraint } from '../../db/constraint.js';
import { inTransaction, type Db } from '../../db/database.js';
import { conflict, notFound, stillInUse, type AppError } from '../../errors.js';

/**
 * The steps every write of the exam structure (projects, categories, job types, batches) shares;
 * each service keeps its own rules between them.
 */

export const duplicateCode = (code: string) => conflict('codeTaken', { code }, 'code');

/** The row, or 10003 naming it. */
export function existing<Row>(row: Row | undefined, entity: EntityKey, id: number): Row {
  if (!row) throw notFound(entity, id);
  return row;
}

/** Refuses a code another row holds; the row being saved (ownId) may keep its own. */
export function requireFreeCode(holder: { id: number } | undefined, code: string, ownId?: number) {
  if (holder && holder.id !== ownId) throw duplicateCode(code);
}

/** Refuses to delete a row while `count` rows still hang under it. */
export function refuseWhileUsed(count: number, key: MessageKey, name: string) {
  if (count > 0) throw conflict(key, { name, count });
}

/**
 * The checks and the write in one transaction. A row written meanwhile can still break a
 * constraint the checks passed (db/constraint.ts): it is answered as the check would have.
 */
export async function writeInTransaction<T>(
  db: Db,
  answers: Parameters<typeof explainConstraint>[1],
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    throw explainConstraint(error, answers);
  }
}

/** Saving a row with a code under a parent: a unique break is the code, a foreign key the parent. */
export const codeAndParentAnswers = (code: string, parent: EntityKey, parentId: number) => ({
  unique: () => duplicateCode(code),
  foreignKey: () => notFound(parent, parentId),
});

/** Deleting a row: a foreign key break is a row written meanwhile that still uses it. */
export const stillInUseAnswer = (entity: EntityKey, id: number) => ({
  foreignKey: (): AppError => stillInUse(entity, id),
});
