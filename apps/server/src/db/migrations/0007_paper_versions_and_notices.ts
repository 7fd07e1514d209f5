import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Paper versions (docs/papers-storage.md), the draw's seed, and exam notices (考试须知). */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  // The seed of the paper's last draw: the same seed, rules and bank draw the same questions.
  await db.schema
    .alterTable('papers')
    .addColumn('seed', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();

  // A draw reads every approved question of a job type and level: this index holds all it reads
  // (the id comes with every entry), so the table itself is not touched.
  await db.schema
    .createIndex('questions_draw_idx')
    .on('questions')
    .columns([
      'subject_id',
      'level',
      'audit_status',
      'retired',
      'type',
      'difficulty',
      'course_id',
      'point_id',
    ])
    .execute();

  // What an exam sits: written once when an exam is published, never updated or deleted. The
  // paper it came from cannot be deleted while it has versions (no cascade).
  await db.schema
    .createTable('paper_versions')
    .addColumn('id', 'integer', id)
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('papers.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    /** JSON: the whole paper as published, keys included (staff data). */
    .addColumn('snapshot', 'text', (c) => c.notNull())
    /** Hundredths of a point. */
    .addColumn('total_score', 'integer', (c) => c.notNull())
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('paper_versions_paper_version_uq', ['paper_id', 'version'])
    .execute();

  await db.schema
    .createTable('instructions')
    .addColumn('id', 'integer', id)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** Rich text (sanitized HTML). */
    .addColumn('body', 'text', (c) => c.notNull())
    /** 1: every job type; 0: the job types in instruction_subjects. */
    .addColumn('all_subjects', 'integer', (c) => c.notNull().defaultTo(1))
    /** Seconds the examinee reads before Start is allowed; 0: none. */
    .addColumn('min_read_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('instruction_subjects')
    .addColumn('instruction_id', 'integer', (c) =>
      c.notNull().references('instructions.id').onDelete('cascade'),
    )
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addPrimaryKeyConstraint('instruction_subjects_pk', ['instruction_id', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('instruction_subjects_subject_idx')
    .on('instruction_subjects')
    .column('subject_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('instruction_subjects').execute();
  await db.schema.dropTable('instructions').execute();
  await db.schema.dropTable('paper_versions').execute();
  await db.schema.dropIndex('questions_draw_idx').execute();
  await db.schema.alterTable('papers').dropColumn('seed').execute();
}
