import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // A student's first password (and the one a reset gives back), as the rule of the day made
  // it (STUDENT_INITIAL_PASSWORD): the export and the admission ticket print it while the account
  // still has it (users.password_is_default). Kept in clear on purpose: it is printed on paper,
  // and under the default rule it is part of the ID number stored beside it anyway.
  await db.schema.alterTable('students').addColumn('initial_password', 'varchar(32)').execute();

  // Failures count per account, whatever spelling was typed (ticket or ID number, any letter
  // case): user_id when the account exists, else null with the normalised spelling in username.
  await db.schema.alterTable('login_failures').addColumn('user_id', 'integer').execute();
  await db.schema
    .createIndex('login_failures_account_idx')
    .on('login_failures')
    .columns(['user_id', 'ip', 'created_at'])
    .execute();
  // The per-address limit (password spraying) reads every failure from one address.
  await db.schema
    .createIndex('login_failures_address_idx')
    .on('login_failures')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('login_failures_address_idx').execute();
  await db.schema.dropIndex('login_failures_account_idx').execute();
  await db.schema.alterTable('login_failures').dropColumn('user_id').execute();
  await db.schema.alterTable('students').dropColumn('initial_password').execute();
}
