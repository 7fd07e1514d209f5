import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  // The question bank. A row holds everything an examinee sees and a marker needs (options,
  // blanks and tags as JSON text, not child tables), so a published exam can freeze a question
  // by copying one row. author_id and reviewer_id have no foreign key: deleting a user must not
  // fail on the questions they wrote or reviewed.
  await db.schema
    .createTable('questions')
    .addColumn('id', 'integer', id)
    /** 0 single, 1 multiple, 2 judgement, 3 external link, 4 fill-in, 5 short answer. */
    .addColumn('type', 'integer', (c) => c.notNull())
    /** Sanitized HTML: the stem, or an external link's instructions. */
    .addColumn('content', 'text', (c) => c.notNull())
    /** JSON [{ key, content (HTML), correct }] for choice types, [] otherwise. */
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    /** 'B', 'ACD', 'T'/'F', a marking guide or model answer (HTML), '' for fill-in. */
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON string[][]: the accepted answers of each blank (fill-in), [] otherwise. */
    .addColumn('blanks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('link_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('analysis', 'text', (c) => c.notNull().defaultTo(''))
    /** Hundredths of a point. */
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('knowledge.id'))
    .addColumn('point_id', 'integer', (c) => c.references('knowledge.id'))
    /** JSON string[]. */
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    /** Lower-case text of the stem, the tags and the analysis: what the keyword filter reads. */
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    /** 0 not started, 1 under review, 2 passed, 3 failed, 4 expired. */
    .addColumn('audit_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audit_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer')
    .addColumn('reviewed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('questions').columns(columns).execute();
  await index('questions_subject_level_idx', ['subject_id', 'level']);
  await index('questions_course_idx', ['course_id']);
  await index('questions_point_idx', ['point_id']);
  await index('questions_audit_status_idx', ['audit_status']);
  await index('questions_retired_idx', ['retired', 'id']);
  await index('questions_updated_idx', ['updated_at']);

  // Questions of a paper. The papers issue creates `papers` and adds its own columns; the bank
  // only asks "is this question in a paper?", hence the index on question_id.
  await db.schema
    .createTable('paper_questions')
    .addColumn('paper_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    /** The question's score in this paper, hundredths of a point. */
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('paper_questions_pk', ['paper_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('paper_questions_question_idx')
    .on('paper_questions')
    .column('question_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('paper_questions').execute();
  await db.schema.dropTable('questions').execute();
}
