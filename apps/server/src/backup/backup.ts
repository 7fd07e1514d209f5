import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';

/**
 * Backups (docs/features/proctoring.md): a consistent copy of the database and the uploaded files in one dated
 * folder, taken while the server runs, and its restore into an empty data directory.
 *
 * SQLite: `VACUUM INTO` writes a snapshot of one read transaction, so writers carry on (WAL) and
 * the copy is consistent whatever they do; SQLite's page-by-page backup API would restart on every
 * write made by the server's connection and might never finish during an exam. PostgreSQL: pg_dump
 * (custom format, itself one consistent snapshot) and pg_restore. The database is copied before
 * the files: every file the copied rows name was complete (renamed from .part) before its row was
 * written, so it is in the folder; files newer than the snapshot are harmless extras.
 */

export const MANIFEST = 'manifest.json';
export const SQLITE_COPY = 'kaoshi.db';
export const POSTGRES_COPY = 'kaoshi.pgdump';
export const FILES_COPY = 'files';
/** What the server writes beside the database and never needs back: SQLite's own files, halves. */
const NOT_COPIED = /^kaoshi\.db(-wal|-shm|-journal)?$|\.part$/;

export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The newest migration in the copy: a restore needs a server at least this new. */
  migration: string | null;
  files: number;
  bytes: number;
}

export class BackupError extends Error {}

/** The folder's name: the time in UTC, sortable, safe on every file system. */
export function folderName(now = new Date()) {
  return `kaoshi-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
}

/** Copies `from` into `to` (created), skipping what NOT_COPIED names; returns count and bytes. */
function copyTree(from: string, to: string, skipDir?: string) {
  let files = 0;
  let bytes = 0;
  const visit = (source: string, target: string) => {
    fs.mkdirSync(target, { recursive: true });
    for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
      const sourcePath = path.join(source, entry.name);
      if (skipDir && path.resolve(sourcePath) === skipDir) continue;
      if (entry.isDirectory()) visit(sourcePath, path.join(target, entry.name));
      else if (entry.isFile() && !NOT_COPIED.test(entry.name)) {
        try {
          fs.copyFileSync(sourcePath, path.join(target, entry.name), fs.constants.COPYFILE_EXCL);
        } catch (error) {
          // Removed since the listing (an abandoned upload's cleanup): nothing to keep.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        files++;
        bytes += fs.statSync(path.join(target, entry.name)).size;
      }
    }
  };
  if (fs.existsSync(from)) visit(from, to);
  else fs.mkdirSync(to, { recursive: true });
  return { files, bytes };
}

function run(command: string, args: string[], what: string) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new BackupError(
      `${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client) to ${what}`,
    );
  }
  if (result.status !== 0) {
    throw new BackupError(`${command} failed to ${what}: ${(result.stderr || '').trim()}`);
  }
}

function latestMigration(sqlite: SQLite.Database): string | null {
  try {
    const row = sqlite
      .prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1')
      .get() as { name: string } | undefined;
    return row?.name ?? null;
  } catch {
    return null;
  }
}

/** Takes a backup into a new folder under `parent`; returns the folder and what it holds. */
export function backup(config: Config, parent: string, now = new Date()) {
  const folder = path.resolve(parent, folderName(now));
  if (fs.existsSync(folder)) throw new BackupError(`${folder} exists already`);
  const partial = `${folder}.part`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    let migration: string | null = null;
    if (config.database.kind === 'sqlite') {
      if (!fs.existsSync(config.database.file)) {
        throw new BackupError(`no database at ${config.database.file}: check DATA_DIR`);
      }
      const source = new SQLite(config.database.file, { fileMustExist: true });
      try {
        source.pragma('busy_timeout = 10000');
        source.prepare('VACUUM INTO ?').run(path.join(partial, SQLITE_COPY));
      } finally {
        source.close();
      }
      const copy = new SQLite(path.join(partial, SQLITE_COPY), { readonly: true });
      try {
        migration = latestMigration(copy);
      } finally {
        copy.close();
      }
    } else {
      run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          `--file=${path.join(partial, POSTGRES_COPY)}`,
          config.database.url,
        ],
        'back up the PostgreSQL database',
      );
    }
    // The backups may live inside the data directory: never copy them into themselves.
    const copied = copyTree(config.dataDir, path.join(partial, FILES_COPY), path.resolve(parent));
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      database: config.database.kind,
      migration,
      ...copied,
    };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Only a complete backup gets the dated name.
    fs.renameSync(partial, folder);
    return { folder, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) {
    throw new BackupError(
      `${folder} is not a Kaoshi backup (no ${MANIFEST}); give the dated folder npm run backup made`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1)
    throw new BackupError(`${file}: unknown backup format ${manifest.format}`);
  return manifest;
}

/** Anything in the data directory a restore would overwrite or mix with. */
function dataDirInUse(dataDir: string) {
  return fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
}

/**
 * Restores `folder` into the configured data directory, which must be empty (or absent), and for
 * PostgreSQL into the configured database, which must have no tables. Nothing is overwritten.
 */
export function restore(config: Config, folder: string) {
  const source = path.resolve(folder);
  const manifest = readManifest(source);
  if (manifest.database !== config.database.kind) {
    throw new BackupError(
      manifest.database === 'postgres'
        ? 'this backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it'
        : 'this backup is of an SQLite database: unset DATABASE_URL to restore it into DATA_DIR',
    );
  }
  if (dataDirInUse(config.dataDir)) {
    throw new BackupError(
      `the data directory ${config.dataDir} is not empty: restore into an empty one (set DATA_DIR), nothing was changed`,
    );
  }
  if (manifest.database === 'sqlite') {
    const copy = new SQLite(path.join(source, SQLITE_COPY), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok')
        throw new BackupError(`the backup's database is damaged: ${String(check)}`);
    } finally {
      copy.close();
    }
  }
  const partial = `${config.dataDir}.restoring`;
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    copyTree(path.join(source, FILES_COPY), partial);
    if (manifest.database === 'sqlite') {
      fs.copyFileSync(path.join(source, SQLITE_COPY), path.join(partial, SQLITE_COPY));
    } else {
      run(
        'pg_restore',
        [
          '--no-owner',
          '--single-transaction',
          '--exit-on-error',
          `--dbname=${(config.database as { url: string }).url}`,
          path.join(source, POSTGRES_COPY),
        ],
        'restore the PostgreSQL database (it must be empty)',
      );
    }
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    fs.renameSync(partial, config.dataDir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return manifest;
}
