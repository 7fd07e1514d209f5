import type { EntityKey, MessageKey } from '@kaoshi/shared';
import { explainConstraint } from '../../db/constraint.js';
import { inTransaction, type Db } from '../../db/database.js';
import { conflict, existing, notFound, stillInUse, type AppError } from '../../errors.js';

/*
 * The steps every write of the exam structure (projects, categories, job types, batches) shares;
 * each service keeps its own rules between them.
 */

const duplicateCode = (code: string) => conflict('codeTaken', { code }, 'code');

/** Refuses a code another row holds; the row being saved (ownId) may keep its own. */
export function requireFreeCode(holder: { id: number } | undefined, code: string, ownId?: number) {
  if (holder && holder.id !== ownId) throw duplicateCode(code);
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

/**
 * Adding or updating a row with a code, under its parent if it has one: a unique constraint
 * broken meanwhile is the code taken, a foreign key the parent gone.
 */
export function saveWithCode<T>(
  db: Db,
  code: string,
  parent: { entity: EntityKey; id: number } | null,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return writeInTransaction(
    db,
    {
      unique: () => duplicateCode(code),
      ...(parent && { foreignKey: () => notFound(parent.entity, parent.id) }),
    },
    work,
  );
}

/** Deleting a row: a foreign key broken meanwhile is a new row that still uses it. */
export const stillInUseAnswer = (entity: EntityKey, id: number) => ({
  foreignKey: (): AppError => stillInUse(entity, id),
});

/** What deleting a row that others hang under needs of its repository. */
interface DeletableRepository {
  findById(id: number): Promise<{ name: string } | undefined>;
  delete(id: number): Promise<void>;
}

/**
 * Deletes a row unless rows still hang under it: `children` counts them, and `refusal` (10004)
 * names the row and their count.
 */
export function deleteUnlessUsed<Repo extends DeletableRepository>(
  db: Db,
  entity: EntityKey,
  id: number,
  repositoryOn: (trx: Db) => Repo,
  children: { count: (repository: Repo) => Promise<number>; refusal: MessageKey },
): Promise<void> {
  return writeInTransaction(db, stillInUseAnswer(entity, id), async (trx) => {
    const repository = repositoryOn(trx);
    const row = existing(await repository.findById(id), entity, id);
    const count = await children.count(repository);
    if (count > 0) throw conflict(children.refusal, { name: row.name, count });
    await repository.delete(id);
  });
}
