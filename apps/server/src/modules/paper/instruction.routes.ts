import {
  Perm,
  RoleKey,
  addInstructionBody,
  idParams,
  listInstructionQuery,
  updateInstructionBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import { requireAuth } from '../../plugins/access.js';
import type { InstructionService } from './instruction.service.js';

export const INSTRUCTION_BASE = '/api/kaoshi-paper/instruction';

/** A notice's body may be as long as the editor allows (a million characters). */
const INSTRUCTION_BODY_LIMIT = 8 * 1024 * 1024;

export async function instructionRoutes(
  app: FastifyInstance,
  opts: { instructions: InstructionService },
) {
  const { instructions } = opts;
  // The publishing group needs role SUPER besides the key (docs/spec.md §2).
  const manage = { permission: [Perm.INSTRUCTION], role: RoleKey.SUPER };
  const tags = ['instructions'];
  const BASE = INSTRUCTION_BASE;

  const route = routeTable(app, BASE, { access: manage, tags });

  route.get(
    'listInstruction',
    {
      summary: 'Exam notices: keyword, the job type they apply to, enabled; one page',
      querystring: listInstructionQuery,
    },
    (request) => instructions.list(request.query),
  );

  route.get('getInstruction/:id', { params: idParams }, (request) =>
    instructions.get(request.params.id),
  );

  route.post(
    'addInstruction',
    {
      bodyLimit: INSTRUCTION_BODY_LIMIT,
      summary: 'Add a notice (body sanitized on save)',
      body: addInstructionBody,
    },
    (request) => instructions.add(request.body, requireAuth(request)),
  );

  route.put(
    'updateInstruction',
    { bodyLimit: INSTRUCTION_BODY_LIMIT, summary: 'Update a notice', body: updateInstructionBody },
    (request) => instructions.update(request.body),
  );

  route.delete(
    'deleteInstruction/:id',
    { summary: 'Delete a notice', params: idParams },
    (request) => instructions.delete(request.params.id),
  );
}
