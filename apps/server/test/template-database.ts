// Global setup of the server test projects: one migrated and seeded database per run, which every
// createTestApp copies instead of migrating and seeding its own (on PostgreSQL that took a second
// or two per test file; a copy made from a template takes a fraction of it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seed } from '../src/db/seed.js';

/** The first administrator's password in every test database. */
export const ADMIN_PASSWORD = 'admin-test-pass';

export type TemplateDatabase =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

export default async function setup(project: TestProject) {
  const dialect = project.config.env?.KAOSHI_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-template-'));
    const file = path.join(dir, 'kaoshi.db');
    const handle = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(handle.db);
    await seed(handle.db, { adminPassword: ADMIN_PASSWORD });
    // Destroying the last connection checkpoints the WAL into the file, so one file is the copy.
    await handle.db.destroy();
    project.provide('templateDatabase', { kind: 'sqlite', file });
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KAOSHI_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kaoshi_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  await migrateToLatest(handle.db);
  await seed(handle.db, { adminPassword: ADMIN_PASSWORD });
  await handle.db.destroy();
  project.provide('templateDatabase', { kind: 'postgres', name });
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
