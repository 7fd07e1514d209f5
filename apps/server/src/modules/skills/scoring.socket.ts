import {
  Perm,
  SKILLS_SCORING_BASE,
  SkillSocketEvent,
  saveItemScoresBody,
  type SaveItemScoresAck,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import { hasAnyPermission } from '../../lib/auth-context.js';
import { parsePayload } from '../../plugins/envelope.js';
import type { ChannelUse } from '../../realtime.js';
import { ScoringService } from './scoring.service.js';

/**
 * The examiner's item scores over the exam's socket.io channel (docs/features/skills.md): the
 * connection is the exam page's (the session cookie at the handshake, cut when the session
 * ends), admitted for SKILLS-SCORE; each save is the HTTP call's `saveItemScores` with its
 * permission and the examiner's own candidate, acknowledged after commit.
 */
const SAVE_ROUTE = `${SKILLS_SCORING_BASE}/saveItemScores`;

export function scoringSocket(db: Db, scoring = new ScoringService(db)): ChannelUse {
  return {
    admits: [Perm.SKILLS_SCORE],
    connected(socket, handle) {
      const { data } = socket;
      socket.on(
        SkillSocketEvent.SAVE_ITEM_SCORES,
        handle(async (payload): Promise<SaveItemScoresAck> => {
          // The route's key: a connection admitted as a candidate or a proctor scores nothing.
          if (!hasAnyPermission(data.auth, [Perm.SKILLS_SCORE])) throw forbidden();
          // Refused in the words of the HTTP call it stands for, naming the field.
          const body = parsePayload(saveItemScoresBody, payload, SAVE_ROUTE);
          return { ok: true, acks: await scoring.saveItemScores(body, data.auth, data.language) };
        }),
      );
    },
  };
}
