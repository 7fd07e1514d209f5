import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Sessions (场次) of an exam (docs/features/venues.md "Sessions"): each its own window inside the
 * exam's; a candidate's session (null: the exam's window, as before). A room may serve each
 * session of an exam, so a seat is one candidate's per (room, session) and no longer per room.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('exam_sessions')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    /** The order of the sessions (0 first): planning fills them in it. */
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('end_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exam_sessions_exam_idx')
    .on('exam_sessions')
    .column('exam_id')
    .execute();

  await db.schema
    .alterTable('exam_candidates')
    .addColumn('session_id', 'integer', (c) => c.references('exam_sessions.id'))
    .execute();

  // One candidate per seat of a room: per session when the candidate has one.
  await db.schema.dropIndex('exam_candidates_room_seat_uq').execute();
  await db.schema
    .createIndex('exam_candidates_room_seat_uq')
    .on('exam_candidates')
    .columns(['room_id', 'exam_id', 'seat_number'])
    .unique()
    .where(sql.ref('session_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('exam_candidates_room_session_seat_uq')
    .on('exam_candidates')
    .columns(['room_id', 'exam_id', 'session_id', 'seat_number'])
    .unique()
    .where(sql.ref('session_id'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('exam_candidates_room_session_seat_uq').execute();
  await db.schema.dropIndex('exam_candidates_room_seat_uq').execute();
  await db.schema
    .createIndex('exam_candidates_room_seat_uq')
    .on('exam_candidates')
    .columns(['room_id', 'exam_id', 'seat_number'])
    .unique()
    .execute();
  await db.schema.alterTable('exam_candidates').dropColumn('session_id').execute();
  await db.schema.dropTable('exam_sessions').execute();
}
