import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Irregularities (docs/features/irregularities.md): what went wrong in a room, who recorded it
 * and when, the candidates concerned, and a chief's reversal of a termination. No row is ever
 * deleted (an exam's deletion is refused once it has attempts).
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('exam_irregularities')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.references('venue_rooms.id'))
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(1000)', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recorded_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('reversed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('reversed_at', 'varchar(30)')
    .addColumn('reverse_reason', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('exam_irregularities_exam_idx')
    .on('exam_irregularities')
    .columns(['exam_id', 'room_id', 'id'])
    .execute();

  await db.schema
    .createTable('exam_irregularity_candidates')
    .addColumn('irregularity_id', 'integer', (c) =>
      c.notNull().references('exam_irregularities.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
    .addColumn('attempt_id', 'integer', (c) => c.references('attempts.id'))
    .addColumn('remaining_ms', 'integer')
    .addPrimaryKeyConstraint('exam_irregularity_candidates_pk', ['irregularity_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('exam_irregularity_candidates_student_idx')
    .on('exam_irregularity_candidates')
    .column('student_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('exam_irregularity_candidates').execute();
  await db.schema.dropTable('exam_irregularities').execute();
}
