import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Rooms per session (docs/features/invigilation.md "Sessions"): an invigilator is assigned to a
 * room for one session (session_id) or for all of them (null, as before); a room of an exam with
 * sessions is started once per session (exam_room_session_starts), a room's candidates without a
 * session keep exam_rooms.started_at. The table is rebuilt: its primary key leaves out the session.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('exam_room_invigilators')
    .renameTo('exam_room_invigilators_0018')
    .execute();
  await db.schema
    .createTable('exam_room_invigilators')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('venue_rooms.id'))
    .addColumn('session_id', 'integer', (c) => c.references('exam_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('exam_room_invigilators_all_uq')
    .on('exam_room_invigilators')
    .columns(['exam_id', 'room_id', 'user_id'])
    .unique()
    .where(sql.ref('session_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('exam_room_invigilators_session_uq')
    .on('exam_room_invigilators')
    .columns(['exam_id', 'room_id', 'session_id', 'user_id'])
    .unique()
    .where(sql.ref('session_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('exam_room_invigilators_user_idx')
    .on('exam_room_invigilators')
    .column('user_id')
    .execute();
  await sql`
    insert into exam_room_invigilators (exam_id, room_id, session_id, user_id)
    select exam_id, room_id, null, user_id from exam_room_invigilators_0018
  `.execute(db);
  await db.schema.dropTable('exam_room_invigilators_0018').execute();

  await db.schema
    .createTable('exam_room_session_starts')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('venue_rooms.id'))
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('exam_sessions.id').onDelete('cascade'),
    )
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('started_by', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_room_session_starts_pk', ['exam_id', 'room_id', 'session_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('exam_room_session_starts').execute();
  await db.schema
    .alterTable('exam_room_invigilators')
    .renameTo('exam_room_invigilators_0027')
    .execute();
  await db.schema
    .createTable('exam_room_invigilators')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('venue_rooms.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('exam_room_invigilators_pk', ['exam_id', 'room_id', 'user_id'])
    .execute();
  await sql`
    insert into exam_room_invigilators (exam_id, room_id, user_id)
    select distinct exam_id, room_id, user_id from exam_room_invigilators_0027
  `.execute(db);
  await db.schema.dropTable('exam_room_invigilators_0027').execute();
}
