import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Exams, the batches they are for, one candidate row per student, and their change record. */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('exams')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    /** 'draft' or 'published'; upcoming, open and closed follow from the window. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('papers.id'))
    /** The paper as it was published (set by publishing, cleared by unpublishing). */
    .addColumn('paper_version_id', 'integer', (c) => c.references('paper_versions.id'))
    /** The paper's job type and level, copied for the list's filters. */
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    /** Hundredths of a point: the paper's pass score, frozen with the version when published. */
    .addColumn('pass_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('instruction_id', 'integer', (c) => c.references('instructions.id'))
    .addColumn('start_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('end_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('late_entry_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_submit_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shuffle_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(0))
    /** 'all' or 'partial'. */
    .addColumn('multiple_scoring', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
    /** Partial scoring's share, in hundredths (50: half the points). */
    .addColumn('partial_share', 'integer', (c) => c.notNull().defaultTo(50))
    /** 'none', 'objective' or 'released'. */
    .addColumn('show_result', 'varchar(16)', (c) => c.notNull().defaultTo('released'))
    .addColumn('allow_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leave_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fullscreen', 'integer', (c) => c.notNull().defaultTo(0))
    /** 'allow' or 'refuse'. */
    .addColumn('takeover', 'varchar(16)', (c) => c.notNull().defaultTo('allow'))
    /** JSON array of addresses and CIDR ranges; [] allows any. */
    .addColumn('ip_allow_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('access_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    /** The exam this one is the make-up of, and for whom ('failed', 'absent', 'both'). */
    .addColumn('make_up_of', 'integer', (c) => c.references('exams.id'))
    .addColumn('make_up_who', 'varchar(16)')
    .addColumn('published_at', 'varchar(30)')
    /** Set by the marking issue when scores are released. */
    .addColumn('released_at', 'varchar(30)')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exams_start_idx').on('exams').columns(['start_at']).execute();
  await db.schema
    .createIndex('exams_subject_idx')
    .on('exams')
    .columns(['subject_id', 'level'])
    .execute();
  await db.schema.createIndex('exams_paper_idx').on('exams').column('paper_id').execute();
  await db.schema.createIndex('exams_make_up_idx').on('exams').column('make_up_of').execute();

  await db.schema
    .createTable('exam_classes')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id'))
    .addPrimaryKeyConstraint('exam_classes_pk', ['exam_id', 'class_id'])
    .execute();
  await db.schema
    .createIndex('exam_classes_class_idx')
    .on('exam_classes')
    .column('class_id')
    .execute();

  // Written when the exam is published, so that starting it later is one write.
  await db.schema
    .createTable('exam_candidates')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
    /** The batch the student sat with (their batch when published). */
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('seat_number', 'integer', (c) => c.notNull())
    /** 1: added on its own rather than with a batch. */
    .addColumn('added_singly', 'integer', (c) => c.notNull().defaultTo(0))
    /** Accommodation: minutes added to this candidate's deadline. */
    .addColumn('extra_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    /** docs/spec.md §4 exam status (CandidateStatus): 3 until an attempt starts. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(3))
    /** Hundredths of a point once known (the marking issue), and whether it passed. */
    .addColumn('score', 'integer')
    .addColumn('passed', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('exam_candidates_exam_student_uq', ['exam_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('exam_candidates_student_idx')
    .on('exam_candidates')
    .column('student_id')
    .execute();
  await db.schema
    .createIndex('exam_candidates_exam_status_idx')
    .on('exam_candidates')
    .columns(['exam_id', 'status'])
    .execute();

  // Who changed what and when; kept after the exam is deleted (no foreign key).
  await db.schema
    .createTable('exam_changes')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    /** JSON: field → [before, after], or the students concerned. */
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exam_changes_exam_idx')
    .on('exam_changes')
    .columns(['exam_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('exam_changes').execute();
  await db.schema.dropTable('exam_candidates').execute();
  await db.schema.dropTable('exam_classes').execute();
  await db.schema.dropTable('exams').execute();
}
