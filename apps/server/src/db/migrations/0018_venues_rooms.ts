import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Venues (考点) and their rooms (考场), and an exam's seat plan (docs/features/venues.md): the
 * rooms an exam uses in order, each candidate's room (the seat in it is the candidate row's
 * seat_number), and the invigilators of each room of an exam.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const at = (c: ColumnDefinitionBuilder) => c.notNull();

  await db.schema
    .createTable('venues')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', at)
    .addColumn('updated_at', 'varchar(30)', at)
    .addUniqueConstraint('venues_name_uq', ['name'])
    .execute();

  await db.schema
    .createTable('venue_rooms')
    .addColumn('id', 'integer', id)
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venues.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    /** JSON array of addresses and CIDR ranges, as exams.ip_allow_list; [] anywhere. */
    .addColumn('ip_allow_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', at)
    .addColumn('updated_at', 'varchar(30)', at)
    .addUniqueConstraint('venue_rooms_venue_name_uq', ['venue_id', 'name'])
    .execute();

  // The rooms of an exam's seat plan, in the order they were chosen.
  await db.schema
    .createTable('exam_rooms')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('venue_rooms.id'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_rooms_pk', ['exam_id', 'room_id'])
    .execute();
  await db.schema.createIndex('exam_rooms_room_idx').on('exam_rooms').column('room_id').execute();

  await db.schema
    .createTable('exam_room_invigilators')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('venue_rooms.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('exam_room_invigilators_pk', ['exam_id', 'room_id', 'user_id'])
    .execute();

  // A candidate's room; null: not seated in a room (seat_number is then the exam's running number).
  await db.schema
    .alterTable('exam_candidates')
    .addColumn('room_id', 'integer', (c) => c.references('venue_rooms.id'))
    .execute();
  // One candidate per seat of a room in an exam (rows without a room are not held to it).
  await db.schema
    .createIndex('exam_candidates_room_seat_uq')
    .on('exam_candidates')
    .columns(['room_id', 'exam_id', 'seat_number'])
    .unique()
    .execute();
}
