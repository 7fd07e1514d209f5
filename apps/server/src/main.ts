import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { reportReady, runPrimary } from './cluster/primary.js';
import { takeConnections } from './cluster/sticky.js';
import { ConfigError, configWarnings, loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
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
  // WORKERS > 1: this process (the primary) prepares the database once, then serves through
  // workers, each this same file (cluster.isWorker) building the app on the prepared database.
  if (cluster.isWorker) return serve(config, { clusterWorker: true });
  for (const warning of configWarnings(config)) console.warn(`Warning: ${warning}`);
  const several = config.workers > 1 && !process.argv.includes('--migrate-only');
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

  if (several) {
    await database.db.destroy();
    await runPrimary({
      workers: config.workers,
      port: config.port,
      host: config.host,
      log: (message) => console.log(`[primary ${process.pid}] ${message}`),
      shutdownBoundMs: SHUTDOWN_BOUND_MS,
      onStopped: (code) => void standardOutput.settle(LOG_SETTLE_MS).then(() => process.exit(code)),
    });
    return;
  }
  return serve(config, {
    clusterWorker: false,
    database,
    facts: { migrations: applied, seeded: { ...seeded, generatedAdminPassword: undefined } },
  });
}

/**
 * The app on this process: alone (listening on the port), or as one of the workers (the
 * primary hands it connections). SIGTERM or SIGINT drains it and ends the process.
 */
async function serve(
  config: Config,
  {
    clusterWorker,
    database = openDatabase(config.database),
    facts = {},
  }: { clusterWorker: boolean; database?: DatabaseHandle; facts?: object },
) {
  const app = await buildApp(config, database, { clusterWorker });
  app.log.info({ database: database.dialect, ...facts }, 'database ready');

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

  if (clusterWorker) {
    // Not listening: the primary holds the port and hands this worker its connections.
    await app.ready();
    // A primary that died (killed) leaves no one to hand connections: end, committing first.
    process.on('disconnect', () => shutdown('primary gone'));
    takeConnections(app.server);
    reportReady();
    return;
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
