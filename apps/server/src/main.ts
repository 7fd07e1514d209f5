import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, configWarnings, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seed } from './db/seed.js';
import { standardOutput } from './lib/log-output.js';

/** SIGTERM or SIGINT to exit, at most. */
const SHUTDOWN_BOUND_MS = 10_000;
/** How long a slow log reader is waited for at exit. */
const LOG_SETTLE_MS = 1000;

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where `npm run build` puts the web app, relative to this bundle (apps/server/dist). */
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  config.webDist ??= DEFAULT_WEB_DIST;
  for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);

  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database.db);
  if (process.argv.includes('--migrate-only')) {
    console.log(
      `Migrations applied: ${applied.length > 0 ? applied.join(', ') : 'none (up to date)'}`,
    );
    await database.db.destroy();
    return;
  }
  // Not before migrate-only returns: a generated administrator password is shown only here.
  const seeded = await seed(database.db, config);
  if (seeded.generatedAdminPassword) {
    console.log(
      [
        '',
        '================================================================',
        ' First start: administrator account created',
        `   username: admin   password: ${seeded.generatedAdminPassword}`,
        ' This password is shown only this once. Change it after signing in.',
        '================================================================',
        '',
      ].join('\n'),
    );
  }

  const app = await buildApp(config, database);
  app.log.info(
    {
      database: database.dialect,
      migrations: applied,
      seeded: { ...seeded, generatedAdminPassword: undefined },
    },
    'database ready',
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // The bound first: whatever closing or logging does below, the process ends within it.
    const force = setTimeout(() => process.exit(1), SHUTDOWN_BOUND_MS);
    force.unref();
    app.log.info({ signal }, 'shutting down');
    // Fastify answers new requests 503 from here; the attempt module's preClose commits the
    // grouped answer writes, then closes the sockets (their pages reconnect, to another process
    // behind a load balancer); the log gets a moment to reach its reader.
    app.close().then(
      async () => {
        await standardOutput.settle(LOG_SETTLE_MS);
        process.exit(0);
      },
      async (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        await standardOutput.settle(LOG_SETTLE_MS);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
