import { Perm } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { ChannelUse } from '../../realtime.js';
import { forbidden } from '../../errors.js';
import { roomAccess } from '../../lib/access.js';
import { hasAnyPermission } from '../../lib/auth-context.js';
import type { ProctorHub } from '../proctor/proctor-hub.js';
import { AnswerFileService } from './answer-file.service.js';
import { invigilationRoutes } from './invigilation.routes.js';
import { InvigilationService } from './invigilation.service.js';

/**
 * Invigilators (EXAM-INVIGILATE) may open the app's socket channel: the proctor hub's room
 * watch (ProctorEvent.WATCH_ROOM) checks their room; they reach nothing else on it.
 */
export const invigilationSocket: ChannelUse = { admits: [Perm.INVIGILATE], connected: () => {} };

/** The invigilator's console per room (docs/features/invigilation.md). */
export async function invigilationModule(app: FastifyInstance, opts: { db: Db; hub: ProctorHub }) {
  // The console's socket room checks what its calls check: the key, then the room (roomAccess).
  opts.hub.canWatchRoom = async (auth, examId, roomId) => {
    if (!hasAnyPermission(auth, [Perm.PUBLISH, Perm.INVIGILATE])) {
      throw forbidden('permissionDenied');
    }
    // The room's events, whichever session: an invigilator of any of its sessions may watch.
    await roomAccess(opts.db, auth, examId, roomId, 'any');
  };
  await app.register(invigilationRoutes, {
    invigilation: new InvigilationService(opts.db, opts.hub),
    answerFiles: new AnswerFileService(opts.db, opts.hub),
  });
}
