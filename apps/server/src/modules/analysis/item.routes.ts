import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';

/** Issue 15: being written. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function itemRoutes(app: FastifyInstance, opts: { db: Db }) {}
