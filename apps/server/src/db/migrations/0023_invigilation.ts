import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The invigilator's console (docs/features/invigilation.md): the exam's two settings (check-in
 * before Start, candidates held until their room is started), each room's start, each
 * candidate's check-in (confirmed or refused with a reason, the door photo), and on the attempt
 * the instant its duration counts from (the room's start when it was held, else null).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('exams')
    .addColumn('require_check_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('exams')
    .addColumn('hold_until_room_start', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('exam_rooms').addColumn('started_at', 'varchar(30)').execute();
  await db.schema.alterTable('exam_rooms').addColumn('started_by', 'integer').execute();
  for (const [column, type] of [
    ['checked_in_at', 'varchar(30)'],
    ['checked_in_by', 'integer'],
    ['check_in_refused', 'varchar(200)'],
    ['door_photo', 'varchar(255)'],
  ] as const) {
    await db.schema.alterTable('exam_candidates').addColumn(column, type).execute();
  }
  await db.schema.alterTable('attempts').addColumn('duration_from', 'varchar(30)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('attempts').dropColumn('duration_from').execute();
  for (const column of ['door_photo', 'check_in_refused', 'checked_in_by', 'checked_in_at']) {
    await db.schema.alterTable('exam_candidates').dropColumn(column).execute();
  }
  await db.schema.alterTable('exam_rooms').dropColumn('started_by').execute();
  await db.schema.alterTable('exam_rooms').dropColumn('started_at').execute();
  await db.schema.alterTable('exams').dropColumn('hold_until_room_start').execute();
  await db.schema.alterTable('exams').dropColumn('require_check_in').execute();
}
