import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Papers and their sections (docs/papers-storage.md). 0004 made `paper_questions` before
 * `papers` existed, so it could not point at a paper; no release ever wrote to it (the bank only
 * reads it), so it is replaced here by one with its foreign keys.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  // A paper being built and audited. Frozen versions (what an exam sits) are another table, made
  // by the papers issue: editing a paper never changes one. author_id and reviewer_id have no
  // foreign key, as on questions: deleting a user must not fail on their papers.
  await db.schema
    .createTable('papers')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** Hundredths of a point. */
    .addColumn('pass_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    /** manual | rules | blueprint */
    .addColumn('mode', 'varchar(16)', (c) => c.notNull().defaultTo('manual'))
    /** 1: no fixed questions; every candidate draws their own set from the sections' rules. */
    .addColumn('draw_per_candidate', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON { types: [{ type, count, score }] } for mode blueprint, null otherwise. */
    .addColumn('blueprint', 'text')
    /** Group audit (docs/spec.md §4): null draft, 0 under review, 1 passed, 2 failed. */
    .addColumn('audit_status', 'integer')
    .addColumn('audit_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer')
    .addColumn('reviewed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('papers_subject_level_idx')
    .on('papers')
    .columns(['subject_id', 'level'])
    .execute();
  await db.schema
    .createIndex('papers_audit_status_idx')
    .on('papers')
    .column('audit_status')
    .execute();

  await db.schema
    .createTable('paper_sections')
    .addColumn('id', 'integer', id)
    .addColumn('paper_id', 'integer', (c) =>
      c.notNull().references('papers.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** One score for every question of the section, hundredths; null: each question's own. */
    .addColumn('score', 'integer')
    /** JSON [{ type, count, score, difficulty, courseId, pointId, tags }]: the draw rules. */
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('paper_sections_paper_idx')
    .on('paper_sections')
    .columns(['paper_id', 'sort'])
    .execute();

  await db.schema.dropTable('paper_questions').execute();
  // The questions a paper holds now (by hand or drawn by the author). The primary key keeps a
  // question out of a paper twice; question_id has no cascade, so the database itself refuses to
  // delete a question a paper holds (the bank answers 10004 before that).
  await db.schema
    .createTable('paper_questions')
    .addColumn('paper_id', 'integer', (c) =>
      c.notNull().references('papers.id').onDelete('cascade'),
    )
    .addColumn('section_id', 'integer', (c) =>
      c.notNull().references('paper_sections.id').onDelete('cascade'),
    )
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    /** The question's score in this paper, hundredths of a point. */
    .addColumn('score', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('paper_questions_pk', ['paper_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('paper_questions_question_idx')
    .on('paper_questions')
    .column('question_id')
    .execute();
  await db.schema
    .createIndex('paper_questions_section_idx')
    .on('paper_questions')
    .columns(['section_id', 'sort'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('paper_questions').execute();
  await db.schema.dropTable('paper_sections').execute();
  await db.schema.dropTable('papers').execute();
  // 0004's table as it was.
  await db.schema
    .createTable('paper_questions')
    .addColumn('paper_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('paper_questions_pk', ['paper_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('paper_questions_question_idx')
    .on('paper_questions')
    .column('question_id')
    .execute();
}
