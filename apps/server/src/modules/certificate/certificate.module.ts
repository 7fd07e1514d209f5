import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';

/** Verifiable certificates (issue 15 §6): being written. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function certificateModule(app: FastifyInstance, opts: { db: Db }) {}
