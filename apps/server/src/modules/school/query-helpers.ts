import { sql } from 'kysely';

/** Sorts rows with no value after the others in either direction, the same on both engines. */
export const nullsLast = (column: string) =>
  sql<number>`case when ${sql.ref(column)} is null then 1 else 0 end`;
