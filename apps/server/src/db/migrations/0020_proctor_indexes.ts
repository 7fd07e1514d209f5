import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Whether a stored answer (JSON) holds an answer: the rule of paper/scoring.ts isAnswered, frozen here. */
function holdsAnswer(json: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return false;
  }
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) {
    return value.some((part) => typeof part === 'string' && part.trim() !== '');
  }
  return false;
}

/** Attempts whose answers the backfill reads at a time. */
const ATTEMPTS_PER_STEP = 200;

/**
 * The proctor's view of a large exam (docs/features/proctoring.md): each answer says whether it
 * holds an answer, each attempt how many of its answers do and when it last saved (kept by the
 * grouped writer), so that the view reads one row per candidate instead of every answer. The
 * proctors' messages are kept, and each attempt the last one its page has seen, so that a page
 * that joins later receives those it has not.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .alterTable('attempt_answers')
    /** 1 when the value holds an answer (a blank or a cleared choice does not). */
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The writer counts an attempt's answered items after each batch: a few index entries each.
  await db.schema
    .createIndex('attempt_answers_answered_idx')
    .on('attempt_answers')
    .column('attempt_id')
    .where(sql.ref('answered'), '=', 1)
    .execute();
  await db.schema
    .alterTable('attempts')
    .addColumn('answered_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('attempts').addColumn('last_saved_at', 'varchar(30)').execute();
  await db.schema
    .alterTable('attempts')
    /** The id of the latest proctor's message the attempt's page has seen. */
    .addColumn('messages_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Existing answers: which hold an answer, in steps by attempt.
  let after = 0;
  for (;;) {
    const attempts = await db
      .selectFrom('attempts')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(ATTEMPTS_PER_STEP)
      .execute();
    if (attempts.length === 0) break;
    const ids = attempts.map((row) => row.id as number);
    after = ids[ids.length - 1]!;
    const answers = await db
      .selectFrom('attempt_answers')
      .select(['attempt_id', 'item_id', 'value'])
      .where('attempt_id', 'in', ids)
      .execute();
    const byAttempt = new Map<number, string[]>();
    for (const answer of answers) {
      if (!holdsAnswer(answer.value as string)) continue;
      const items = byAttempt.get(answer.attempt_id as number) ?? [];
      items.push(answer.item_id as string);
      byAttempt.set(answer.attempt_id as number, items);
    }
    for (const [attemptId, itemIds] of byAttempt) {
      await db
        .updateTable('attempt_answers')
        .set({ answered: 1 })
        .where('attempt_id', '=', attemptId)
        .where('item_id', 'in', itemIds)
        .execute();
    }
  }
  await sql`update attempts set
    answered_count = (select count(*) from attempt_answers aa
      where aa.attempt_id = attempts.id and aa.answered = 1),
    last_saved_at = (select max(aa.saved_at) from attempt_answers aa
      where aa.attempt_id = attempts.id)`.execute(db);

  await db.schema
    .createTable('proctor_messages')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    /** To one candidate's attempt; null: to every candidate of the exam (of `class_id`). */
    .addColumn('attempt_id', 'integer', (c) => c.references('attempts.id').onDelete('cascade'))
    /** A message to all from a proctor limited to some batches: one row per batch. */
    .addColumn('class_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('proctor_messages_exam_idx')
    .on('proctor_messages')
    .columns(['exam_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('proctor_messages').execute();
  for (const column of ['messages_seen', 'last_saved_at', 'answered_count']) {
    await db.schema.alterTable('attempts').dropColumn(column).execute();
  }
  await db.schema.dropIndex('attempt_answers_answered_idx').execute();
  await db.schema.alterTable('attempt_answers').dropColumn('answered').execute();
}
