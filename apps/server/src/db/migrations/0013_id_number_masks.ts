import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Certificates issued before showed the ID number's last four digits (110101********1234). An
 * initial password may be made of the number's end, so masks keep only the region now: the
 * digits after it are starred in the certificates already issued (the public check shows them).
 */
export async function up(db: AnyDb): Promise<void> {
  const rows = (await db
    .selectFrom('certificates')
    .select(['id', 'id_number_masked'])
    .execute()) as { id: number; id_number_masked: string }[];
  for (const row of rows) {
    const masked = row.id_number_masked;
    const head = Math.min(6, Math.floor(masked.length / 3));
    const remasked = `${masked.slice(0, head)}${'*'.repeat(masked.length - head)}`;
    if (remasked === masked) continue;
    await db
      .updateTable('certificates')
      .set({ id_number_masked: remasked })
      .where('id', '=', row.id)
      .execute();
  }
}

/** The starred digits are gone: nothing to put back. */
export async function down(): Promise<void> {}
