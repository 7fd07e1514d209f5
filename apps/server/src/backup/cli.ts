import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backup, BackupError, restore } from './backup.js';

// `npm run backup [-- <parent folder>]` and `npm run restore -- <backup folder>`, with the
// server's own configuration (DATA_DIR, DATABASE_URL): see docs/operations/backups.md.
const [command, argument] = process.argv.slice(2);

try {
  const config = loadConfig();
  if (command === 'backup') {
    const parent = argument ?? process.env.BACKUP_DIR ?? 'backups';
    const { folder, manifest } = backup(config, parent);
    console.log(
      `Backed up the ${manifest.database} database and ${manifest.files} files ` +
        `(${(manifest.bytes / 1e6).toFixed(1)} MB) into ${folder}`,
    );
  } else if (command === 'restore' && argument) {
    const manifest = restore(config, argument);
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.dataDir}` +
        (config.database.kind === 'postgres' ? ' and the database of DATABASE_URL' : '') +
        '. Start the server (npm start): it brings the schema up to date if it is older.',
    );
  } else {
    console.error(
      'Usage: npm run backup [-- <parent folder>]   |   npm run restore -- <backup folder>\n' +
        `(restore needs the folder a backup made, e.g. ${path.join('backups', 'kaoshi-20260101-120000')})`,
    );
    process.exitCode = 2;
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
