import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * An attempt's absence from its page, measured on the server's clock (a leave counts only past
 * a grace), and the server's own secrets (the receipt key), kept in the database so that every
 * process of a deployment signs alike.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('attempts')
    /** Since when the page has been hidden or without a connection; null while it is there. */
    .addColumn('away_since', 'varchar(30)')
    .execute();
  await db.schema
    .alterTable('attempts')
    /** 'hidden', 'fullscreen', 'offline', or 'link_task' (the candidate's own task: no leave). */
    .addColumn('away_kind', 'varchar(16)')
    .execute();
  await db.schema
    .alterTable('attempts')
    /** When the page last said it opens the link task's tab (its hiding follows within the grace). */
    .addColumn('link_task_at', 'varchar(30)')
    .execute();
  // The leave sweep's query: absences by start.
  await db.schema.createIndex('attempts_away_idx').on('attempts').column('away_since').execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropIndex('attempts_away_idx').execute();
  for (const column of ['link_task_at', 'away_kind', 'away_since']) {
    await db.schema.alterTable('attempts').dropColumn(column).execute();
  }
}
