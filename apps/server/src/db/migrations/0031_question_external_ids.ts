import { sql, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Questions imported from another tool keep the identifier they had there (Moodle XML's idnumber
 * or a hash, GIFT's title or a hash) and the format it came from, so that importing the same file
 * again updates them instead of adding copies (docs/features/question-bank.md "Import").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('questions').addColumn('external_source', 'varchar(20)').execute();
  await db.schema.alterTable('questions').addColumn('external_id', 'text').execute();
  await db.schema
    .createIndex('questions_external_id')
    .unique()
    .on('questions')
    .columns(['external_source', 'external_id'])
    .where(sql.ref('external_id'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('questions_external_id').execute();
  await db.schema.alterTable('questions').dropColumn('external_id').execute();
  await db.schema.alterTable('questions').dropColumn('external_source').execute();
}
