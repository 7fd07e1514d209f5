import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Skills certification (docs/features/skills.md): certification schemes and their components
 * (theory, skills operation, review), scoring sheets and their frozen versions, skills
 * assessments with sessions, stations, examiners and candidates, each examiner's filled sheet
 * with per-item scores (saved with a sequence number, like exam answers), photos, the score log,
 * the component results certification reads, and a certificate's components.
 * Scores are hundredths of a point; times ISO-8601 UTC text; flags 0/1.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const at = (c: ColumnDefinitionBuilder) => c.notNull();

  // ── Certification schemes ──
  await db.schema
    .createTable('cert_schemes')
    .addColumn('id', 'integer', id)
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    /** How long a passed component stays valid for a make-up of the others. */
    .addColumn('validity_months', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', at)
    .addColumn('updated_at', 'varchar(30)', at)
    .addUniqueConstraint('cert_schemes_subject_level_uq', ['subject_id', 'level'])
    .execute();
  await db.schema
    .createTable('cert_scheme_components')
    .addColumn('id', 'integer', id)
    .addColumn('scheme_id', 'integer', (c) =>
      c.notNull().references('cert_schemes.id').onDelete('cascade'),
    )
    /** 'theory' | 'skills' | 'review' (SchemeComponentKind). */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('full_score', 'integer', (c) => c.notNull().defaultTo(10000))
    .addColumn('pass_score', 'integer', (c) => c.notNull().defaultTo(6000))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('cert_scheme_components_kind_uq', ['scheme_id', 'kind'])
    .execute();
  // A theory exam names the component it counts for; null: no scheme, as before.
  await db.schema
    .alterTable('exams')
    .addColumn('scheme_component_id', 'integer', (c) => c.references('cert_scheme_components.id'))
    .execute();

  // ── Scoring sheets (评分记录表) ──
  await db.schema
    .createTable('skill_sheets')
    .addColumn('id', 'integer', id)
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('time_limit_minutes', 'integer', (c) => c.notNull())
    /** Hundredths of a point taken per minute over the time limit. */
    .addColumn('overtime_points_per_minute', 'integer', (c) => c.notNull().defaultTo(0))
    /** Minutes over the limit after which the task is stopped and scored as it stands. */
    .addColumn('overtime_stop_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    /** The final score is rounded to this (hundredths: 100 = one point, 50 = half). */
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(100))
    /** The last frozen version's number; 0 before the first. */
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', at)
    .addColumn('updated_at', 'varchar(30)', at)
    .execute();
  await db.schema
    .createTable('skill_sheet_tasks')
    .addColumn('id', 'integer', id)
    .addColumn('sheet_id', 'integer', (c) =>
      c.notNull().references('skill_sheets.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    /** The skill appraisal point of the job type's blueprint (knowledge.id). */
    .addColumn('know_id', 'integer', (c) => c.references('knowledge.id'))
    .execute();
  await db.schema
    .createTable('skill_sheet_items')
    .addColumn('id', 'integer', id)
    .addColumn('sheet_id', 'integer', (c) =>
      c.notNull().references('skill_sheets.id').onDelete('cascade'),
    )
    .addColumn('task_id', 'integer', (c) =>
      c.notNull().references('skill_sheet_tasks.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('criteria', 'text', (c) => c.notNull())
    /** Hundredths; a veto item's points are 0. */
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('veto', 'integer', (c) => c.notNull().defaultTo(0))
    /** 'award' (up to the points) | 'deduct' (from the points). */
    .addColumn('mode', 'varchar(8)', (c) => c.notNull().defaultTo('award'))
    .execute();
  await db.schema
    .createTable('skill_sheet_versions')
    .addColumn('id', 'integer', id)
    .addColumn('sheet_id', 'integer', (c) => c.notNull().references('skill_sheets.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    /** The sheet as frozen: rules, tasks and items with their ids (JSON, SheetSnapshot). */
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('full_score', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', at)
    .addUniqueConstraint('skill_sheet_versions_uq', ['sheet_id', 'version'])
    .execute();

  // ── Assessments ──
  await db.schema
    .createTable('skill_assessments')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('sheet_version_id', 'integer', (c) =>
      c.notNull().references('skill_sheet_versions.id'),
    )
    .addColumn('scheme_component_id', 'integer', (c) => c.references('cert_scheme_components.id'))
    .addColumn('examiners_per_candidate', 'integer', (c) => c.notNull().defaultTo(2))
    /** Hundredths: examiners' totals further apart than this go to the chief examiner. */
    .addColumn('tolerance', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('chief_id', 'integer', (c) => c.references('users.id'))
    .addColumn('checker_id', 'integer', (c) => c.references('users.id'))
    /** 'draft' | 'published' | 'closed'. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('published_at', 'varchar(30)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', at)
    .addColumn('updated_at', 'varchar(30)', at)
    .execute();
  await db.schema
    .createTable('skill_assessment_classes')
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('skill_assessments.id').onDelete('cascade'),
    )
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id'))
    .addPrimaryKeyConstraint('skill_assessment_classes_pk', ['assessment_id', 'class_id'])
    .execute();
  await db.schema
    .createTable('skill_sessions')
    .addColumn('id', 'integer', id)
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('skill_assessments.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'varchar(30)', at)
    .addColumn('ends_at', 'varchar(30)', at)
    .addColumn('place', 'varchar(255)', (c) => c.notNull())
    .addColumn('stations', 'integer', (c) => c.notNull())
    .execute();
  /** The examiners of a station in a session: each scores every candidate of that station. */
  await db.schema
    .createTable('skill_session_examiners')
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('skill_sessions.id').onDelete('cascade'),
    )
    .addColumn('station', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addPrimaryKeyConstraint('skill_session_examiners_pk', ['session_id', 'station', 'user_id'])
    .execute();
  await db.schema
    .createIndex('skill_session_examiners_user_idx')
    .on('skill_session_examiners')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('skill_candidates')
    .addColumn('id', 'integer', id)
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('skill_assessments.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'integer', (c) => c.notNull().references('skill_sessions.id'))
    .addColumn('station', 'integer', (c) => c.notNull())
    /** Order at the station within the session (1, 2, …). */
    .addColumn('turn', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('ticket_number', 'varchar(64)', (c) => c.notNull())
    /** 'pending' | 'checked' (identity checked) | 'absent'. */
    .addColumn('presence', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('presence_by', 'integer')
    .addColumn('presence_at', 'varchar(30)')
    /** 'scoring' | 'disputed' | 'agreed' | 'decided' | 'checked' (SkillCandidateState). */
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('scoring'))
    .addColumn('final_score', 'integer')
    .addColumn('final_veto', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('decision_reason', 'text')
    .addColumn('checked_by', 'integer')
    .addColumn('checked_at', 'varchar(30)')
    .addUniqueConstraint('skill_candidates_student_uq', ['assessment_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('skill_candidates_session_idx')
    .on('skill_candidates')
    .columns(['session_id', 'station', 'turn'])
    .execute();
  await db.schema
    .createIndex('skill_candidates_student_idx')
    .on('skill_candidates')
    .column('student_id')
    .execute();

  // ── Each examiner's sheet for a candidate, and its items ──
  await db.schema
    .createTable('skill_scorings')
    .addColumn('id', 'integer', id)
    .addColumn('candidate_id', 'integer', (c) =>
      c.notNull().references('skill_candidates.id').onDelete('cascade'),
    )
    .addColumn('examiner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('started_at', 'varchar(30)')
    .addColumn('stopped_at', 'varchar(30)')
    /** Whole minutes over the sheet's time limit, as the examiner's stopwatch measured them. */
    .addColumn('overtime_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('veto_hit', 'integer', (c) => c.notNull().defaultTo(0))
    /** The highest sequence number applied (resends at or below it change nothing). */
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signed_at', 'varchar(30)')
    .addColumn('reopened_by', 'integer')
    .addColumn('reopened_at', 'varchar(30)')
    .addColumn('reopen_reason', 'text')
    .addColumn('updated_at', 'varchar(30)', at)
    .addUniqueConstraint('skill_scorings_uq', ['candidate_id', 'examiner_id'])
    .execute();
  await db.schema
    .createIndex('skill_scorings_examiner_idx')
    .on('skill_scorings')
    .column('examiner_id')
    .execute();
  await db.schema
    .createTable('skill_item_scores')
    .addColumn('scoring_id', 'integer', (c) =>
      c.notNull().references('skill_scorings.id').onDelete('cascade'),
    )
    /** The item's id in the frozen sheet version. */
    .addColumn('item_id', 'integer', (c) => c.notNull())
    /** Hundredths given (award) or taken (deduct); null: not scored yet. */
    .addColumn('points', 'integer')
    .addColumn('veto_hit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', at)
    .addPrimaryKeyConstraint('skill_item_scores_pk', ['scoring_id', 'item_id'])
    .execute();
  await db.schema
    .createTable('skill_photos')
    .addColumn('id', 'integer', id)
    .addColumn('scoring_id', 'integer', (c) =>
      c.notNull().references('skill_scorings.id').onDelete('cascade'),
    )
    .addColumn('upload_id', 'integer', (c) => c.notNull().references('uploads.id'))
    .addColumn('item_id', 'integer')
    .addColumn('taken_at', 'varchar(30)', at)
    .execute();
  await db.schema
    .createIndex('skill_photos_scoring_idx')
    .on('skill_photos')
    .column('scoring_id')
    .execute();
  /** Every score, change, veto, reopen, decision and signature: who and when. */
  await db.schema
    .createTable('skill_score_log')
    .addColumn('id', 'integer', id)
    .addColumn('candidate_id', 'integer', (c) =>
      c.notNull().references('skill_candidates.id').onDelete('cascade'),
    )
    .addColumn('scoring_id', 'integer')
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    /** SkillLogAction: 'score' | 'sign' | 'reopen' | 'decide' | 'check' | 'presence' | … */
    .addColumn('action', 'varchar(24)', (c) => c.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('at', 'varchar(30)', at)
    .execute();
  await db.schema
    .createIndex('skill_score_log_candidate_idx')
    .on('skill_score_log')
    .columns(['candidate_id', 'id'])
    .execute();

  // ── Certification ──
  /**
   * A component's final result for a student: written when it becomes final (a theory exam's
   * release, a skills candidate's checker signature), withdrawn with its scores. Certification
   * reads the best valid one per component.
   */
  await db.schema
    .createTable('cert_results')
    .addColumn('id', 'integer', id)
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('component_id', 'integer', (c) =>
      c.notNull().references('cert_scheme_components.id'),
    )
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('final_at', 'varchar(30)', at)
    .addColumn('exam_id', 'integer')
    .addColumn('exam_candidate_id', 'integer')
    .addColumn('skill_candidate_id', 'integer')
    .addColumn('withdrawn_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('cert_results_student_idx')
    .on('cert_results')
    .columns(['student_id', 'component_id'])
    .execute();
  await db.schema
    .createIndex('cert_results_component_idx')
    .on('cert_results')
    .column('component_id')
    .execute();
  // A scheme's certificate is anchored on its theory candidacy (exam_id, candidate_id).
  await db.schema
    .alterTable('certificates')
    .addColumn('scheme_id', 'integer', (c) => c.references('cert_schemes.id'))
    .execute();
  await db.schema
    .createTable('certificate_components')
    .addColumn('certificate_id', 'integer', (c) =>
      c.notNull().references('certificates.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('full_score', 'integer', (c) => c.notNull())
    .addColumn('pass_score', 'integer', (c) => c.notNull())
    .addColumn('final_at', 'varchar(30)', at)
    .addColumn('result_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('certificate_components_pk', ['certificate_id', 'kind'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'certificate_components',
    'cert_results',
    'skill_score_log',
    'skill_photos',
    'skill_item_scores',
    'skill_scorings',
    'skill_candidates',
    'skill_session_examiners',
    'skill_sessions',
    'skill_assessment_classes',
    'skill_assessments',
    'skill_sheet_versions',
    'skill_sheet_items',
    'skill_sheet_tasks',
    'skill_sheets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('certificates').dropColumn('scheme_id').execute();
  await db.schema.alterTable('exams').dropColumn('scheme_component_id').execute();
  await db.schema.dropTable('cert_scheme_components').execute();
  await db.schema.dropTable('cert_schemes').execute();
}
