import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const idColumn = (db: AnyDb) => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
};

export async function up(db: AnyDb): Promise<void> {
  const id = idColumn(db);

  // Exam projects (考试项目).
  await db.schema
    .createTable('schools')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('organiser', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // Job-type categories (职业类别) within a project.
  await db.schema
    .createTable('departments')
    .addColumn('id', 'integer', id)
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('departments_school_code_unique', ['school_id', 'code'])
    .execute();

  // Job types applied for (申报工种) within a category, with the levels they certify.
  await db.schema
    .createTable('subjects')
    .addColumn('id', 'integer', id)
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    /** Comma-separated certification levels, 5 (junior) to 1 (senior technician), e.g. "5,4,3". */
    .addColumn('levels', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subjects_department_idx')
    .on('subjects')
    .column('department_id')
    .execute();

  // Registration batches (报名批次) for one job type and level.
  await db.schema
    .createTable('classes')
    .addColumn('id', 'integer', id)
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('registration_start', 'varchar(30)')
    .addColumn('registration_end', 'varchar(30)')
    .addColumn('exam_start', 'varchar(30)')
    .addColumn('exam_end', 'varchar(30)')
    /** 0: no limit. */
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('classes_subject_idx')
    .on('classes')
    .columns(['subject_id', 'level'])
    .execute();

  // Teachers assigned to a batch: they see its students.
  await db.schema
    .createTable('class_teachers')
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('class_teachers_pk', ['class_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('class_teachers_user_idx')
    .on('class_teachers')
    .column('user_id')
    .execute();

  // Courses (type cn) and appraisal points (type kn, below a course) per job type and level.
  await db.schema
    .createTable('knowledge')
    .addColumn('id', 'integer', id)
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(2)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('knowledge.id'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    /** Appraisal points: X core, Y general, Z auxiliary. */
    .addColumn('importance', 'varchar(1)')
    /** Appraisal points: share of the course in hundredths of a percent (10000 = 100 %). */
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('knowledge_code_unique', ['subject_id', 'level', 'code'])
    .execute();
  await db.schema
    .createIndex('knowledge_subject_level_idx')
    .on('knowledge')
    .columns(['subject_id', 'level', 'type'])
    .execute();
  await db.schema.createIndex('knowledge_parent_idx').on('knowledge').column('parent_id').execute();

  // Examinees (考生): each has a user account (userType 3, role STUDENT).
  await db.schema
    .createTable('students')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    /** 0 unknown, 1 male, 2 female. */
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    /** 1 resident ID card, 2 passport, 3 Hong Kong/Macao/Taiwan permit, 9 other. */
    .addColumn('id_type', 'integer', (c) => c.notNull())
    .addColumn('id_number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('ticket_number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('photo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('students_class_idx').on('students').column('class_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'students',
    'knowledge',
    'class_teachers',
    'classes',
    'subjects',
    'departments',
    'schools',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
