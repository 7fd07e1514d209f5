import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  // Every stored upload, so that later features can own (a question, a paper) and clean them.
  // owner_id has no foreign key: deleting a user must not fail on the files they uploaded.
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'integer', id)
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    /** image | video | file */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    /** Random name with the extension, as in the URL. */
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull().unique())
    /** Relative to DATA_DIR/uploads, e.g. 2026/11/<stored_name>. */
    .addColumn('stored_path', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner_idx').on('uploads').column('owner_id').execute();
  await db.schema.createIndex('uploads_sha256_idx').on('uploads').column('sha256').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
