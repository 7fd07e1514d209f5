import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EDITOR_PATH, EditorAction, type EditorUploadResult } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { addSchool } from '../../src/modules/base/test-data.js';
import { PNG } from '../../src/modules/files/fixtures.js';
import { SCHOOL_API } from '../../src/modules/school/school.routes.js';
import { createDatabase, postgresUrl } from './postgres.js';
import { HttpSession, ServerProcess, freePort } from './server-process.js';

// Issue 16 §3: `npm run backup` while the server takes writes, `npm run restore` into an empty
// data directory, and a server started on the restored copy has everything acknowledged before
// the backup began, the uploaded file included.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const cli = path.join(root, 'apps/server/dist/backup/cli.js');

/**
 * The backup command line as `npm run backup|restore` runs it, on `dataDir`; a process of its
 * own, so this one goes on writing to the server meanwhile.
 */
function runCli(args: string[], dataDir: string, databaseUrl = '') {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

describe('backup and restore', () => {
  let server: ServerProcess;
  let restored: ServerProcess;
  let handle: DatabaseHandle;
  let admin: HttpSession;
  let schoolId: number;
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-backups-'));

  beforeAll(async () => {
    server = new ServerProcess(await freePort());
    await server.start();
    handle = openDatabase({ kind: 'sqlite', file: server.databaseFile });
    schoolId = await addSchool(handle.db);
    admin = await HttpSession.admin(server.url);
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await server?.dispose();
    await restored?.dispose();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  it('copies a running server consistently and restores it into an empty directory', async () => {
    const form = new FormData();
    form.append('type', 'ajax');
    form.append('upfile', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const upload = (await (
      await fetch(`${server.url}${EDITOR_PATH}?action=${EditorAction.UPLOAD_IMAGE}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body: form,
      })
    ).json()) as EditorUploadResult;
    expect(upload.state).toBe('SUCCESS');

    // Writers that do not pause for the backup: one job-type category after another.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await admin.call('POST', `${SCHOOL_API}/department/addDepartment`, {
          schoolId,
          name: `Backup category ${written + 1}`,
          code: `BK${written + 1}`,
          description: '',
          status: 1,
          sort: 0,
        });
        written++;
      }
    })();
    await expect.poll(() => written).toBeGreaterThan(20);

    const before = written;
    const made = await runCli(['backup', backups], server.dataDir);
    const during = written - before;
    writing = false;
    await writer;
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Backed up the sqlite database and \d+ files/);
    // The server went on answering while the copy was taken.
    expect(during).toBeGreaterThan(0);

    const [folder] = fs.readdirSync(backups);
    expect(folder).toMatch(/^kaoshi-\d{8}-\d{6}$/);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(backups, folder!, 'manifest.json'), 'utf8'),
    );
    expect(manifest).toMatchObject({ format: 1, database: 'sqlite', files: 1 });
    expect(manifest.migration).toMatch(/^\d{4}_/);

    // Into a directory that holds something: refused, and nothing touched.
    const busy = await runCli(['restore', path.join(backups, folder!)], server.dataDir);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toMatch(/is not empty/);

    restored = new ServerProcess(await freePort());
    const done = await runCli(['restore', path.join(backups, folder!)], restored.dataDir);
    expect(done.status, done.stderr).toBe(0);
    await restored.start();

    const copy = openDatabase({ kind: 'sqlite', file: restored.databaseFile });
    try {
      const names = (
        await copy.db
          .selectFrom('departments')
          .select('name')
          .where('school_id', '=', schoolId)
          .execute()
      ).map((row) => row.name);
      // Everything acknowledged before the backup began is there; the copy is of one moment,
      // so what it holds is a prefix of what was written, never a later write without an earlier.
      for (let n = 1; n <= before; n++) expect(names).toContain(`Backup category ${n}`);
      const numbers = names.map((name) => Number(name.split(' ').at(-1))).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    } finally {
      await copy.db.destroy();
    }
    const again = await HttpSession.admin(restored.url);
    const file = await fetch(`${restored.url}${upload.url}`, { headers: { cookie: again.cookie } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('names the problem when the folder is not a backup', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-empty-'));
    try {
      const result = await runCli(['restore', backups], path.join(empty, 'data'));
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/is not a Kaoshi backup \(no manifest\.json\)/);
      expect(fs.existsSync(path.join(empty, 'data'))).toBe(false);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!postgresUrl)('backup and restore on PostgreSQL', () => {
  it('copies the database with pg_dump and restores it into an empty one', async () => {
    const source = await createDatabase('kaoshi_backup_from');
    const target = await createDatabase('kaoshi_backup_to');
    const server = new ServerProcess(await freePort(), { databaseUrl: source.url });
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-pg-backups-'));
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-pg-restored-'));
    try {
      await server.start();
      const admin = await HttpSession.admin(server.url);
      const handle = openDatabase({ kind: 'postgres', url: source.url, poolSize: 2 });
      const schoolId = await addSchool(handle.db);
      await handle.db.destroy();
      for (let n = 1; n <= 5; n++) {
        await admin.call('POST', `${SCHOOL_API}/department/addDepartment`, {
          schoolId,
          name: `PG backup category ${n}`,
          code: `PB${n}`,
          description: '',
          status: 1,
          sort: 0,
        });
      }
      const made = await runCli(['backup', backups], server.dataDir, source.url);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/Backed up the postgres database/);
      const [folder] = fs.readdirSync(backups);
      expect(fs.existsSync(path.join(backups, folder!, 'kaoshi.pgdump'))).toBe(true);

      const done = await runCli(['restore', path.join(backups, folder!)], restoredDir, target.url);
      expect(done.status, done.stderr).toBe(0);
      const names = async (url: string) => {
        const db = openDatabase({ kind: 'postgres', url, poolSize: 1 });
        try {
          return (await db.db.selectFrom('departments').select('name').orderBy('name').execute())
            .map((row) => row.name)
            .join(',');
        } finally {
          await db.db.destroy();
        }
      };
      expect(await names(target.url)).toBe(await names(source.url));
      expect(await names(target.url)).toContain('PG backup category 5');

      // Again into the same database, now full: refused in one transaction, nothing changed.
      const again = await runCli(
        ['restore', path.join(backups, folder!)],
        path.join(restoredDir, 'other'),
        target.url,
      );
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/pg_restore failed .*already exists/s);
      expect(fs.existsSync(path.join(restoredDir, 'other'))).toBe(false);
    } finally {
      await server.dispose();
      await source.drop();
      await target.drop();
      fs.rmSync(backups, { recursive: true, force: true });
      fs.rmSync(restoredDir, { recursive: true, force: true });
    }
  });
});
