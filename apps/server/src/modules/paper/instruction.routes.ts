import {
  Perm,
  RoleKey,
  addInstructionBody,
  idParams,
  listInstructionQuery,
  updateInstructionBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { requireAuth } from '../../plugins/access.js';
import type { InstructionService } from './instruction.service.js';

export const INSTRUCTION_BASE = '/api/kaoshi-paper/instruction';

/** A notice's body may be as long as the editor allows (a million characters). */
const INSTRUCTION_BODY_LIMIT = 8 * 1024 * 1024;

export async function instructionRoutes(
  app: FastifyInstance,
  opts: { instructions: InstructionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { instructions } = opts;
  // The publishing group needs role SUPER besides the key (docs/spec.md §2).
  const manage = { access: { permission: [Perm.INSTRUCTION], role: RoleKey.SUPER } };
  const tags = ['instructions'];
  const BASE = INSTRUCTION_BASE;

  r.get(
    `${BASE}/listInstruction`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Exam notices: keyword, the job type they apply to, enabled; one page',
        querystring: listInstructionQuery,
      },
    },
    async (request) => ok(await instructions.list(request.query)),
  );

  r.get(
    `${BASE}/getInstruction/:id`,
    { config: manage, schema: { tags, params: idParams } },
    async (request) => ok(await instructions.get(request.params.id)),
  );

  r.post(
    `${BASE}/addInstruction`,
    {
      config: manage,
      bodyLimit: INSTRUCTION_BODY_LIMIT,
      schema: { tags, summary: 'Add a notice (body sanitized on save)', body: addInstructionBody },
    },
    async (request) => ok(await instructions.add(request.body, requireAuth(request))),
  );

  r.put(
    `${BASE}/updateInstruction`,
    {
      config: manage,
      bodyLimit: INSTRUCTION_BODY_LIMIT,
      schema: { tags, summary: 'Update a notice', body: updateInstructionBody },
    },
    async (request) => {
      await instructions.update(request.body);
      return ok(null);
    },
  );

  r.delete(
    `${BASE}/deleteInstruction/:id`,
    { config: manage, schema: { tags, summary: 'Delete a notice', params: idParams } },
    async (request) => {
      await instructions.delete(request.params.id);
      return ok(null);
    },
  );
}
