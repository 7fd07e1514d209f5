import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { filesRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';

/** Uploads and remote capture for the rich-text editor. */
export async function filesModule(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  const files = new FilesService(db, {
    dataDir: config.dataDir,
    allowPrivateFetch: config.uploadAllowPrivateFetch,
  });
  await app.register(filesRoutes, { files });
}
