import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Verifiable certificates (docs/features/analysis.md): one per passed candidate of a released exam. What it
 * certifies is copied in at issue (later edits of the student, the job type or the exam never
 * change a printed certificate); the ID number only masked, so a leak of this table or of the
 * public check reveals no full number.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'integer', id)
    /** Read by people: KS-<year of issue>-<id, six digits or more>. */
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    /** URL-safe base64 of 18 random bytes: what the QR code and the public check carry. */
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
    /** One certificate per candidate row, however often the scores are released. */
    .addColumn('candidate_id', 'integer', (c) => c.notNull().unique())
    /** Whose it is (students.id): without a foreign key, so the certificate outlives the record. */
    .addColumn('student_id', 'integer', (c) => c.notNull())
    /** The candidate's batch at issue: a teacher lists the certificates of their batches. */
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('class_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('student_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('id_number_masked', 'varchar(64)', (c) => c.notNull())
    .addColumn('ticket_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('exam_name', 'varchar(255)', (c) => c.notNull())
    /** The exam's start. */
    .addColumn('exam_date', 'varchar(30)', (c) => c.notNull())
    /** Hundredths of a point. */
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('total_score', 'integer', (c) => c.notNull())
    .addColumn('pass_score', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(30)')
    /** A user id, without a foreign key so that deleting a user never fails on it. */
    .addColumn('revoked_by', 'integer')
    /** 'staff' or 'withdrawal' (the exam's scores were withdrawn); null while valid. */
    .addColumn('revoke_cause', 'varchar(16)')
    .addColumn('revoke_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('certificates_exam_idx')
    .on('certificates')
    .columns(['exam_id', 'id'])
    .execute();
  await db.schema
    .createIndex('certificates_student_idx')
    .on('certificates')
    .column('student_id')
    .execute();
  await db.schema
    .createIndex('certificates_class_idx')
    .on('certificates')
    .column('class_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('certificates').execute();
}
