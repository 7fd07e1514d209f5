import type { DeleteQueryBuilder, DeleteResult } from 'kysely';
import { afterCommit, type Db } from '../db/database.js';
import type { Database } from '../db/types.js';
import { News } from './news.js';

/**
 * Sessions that ended (their ids, SHA-256 of the token), told once the deletion has committed:
 * the socket channel cuts their connections on every process (DESIGN.md rule 15). Every deletion
 * of sessions goes through this repository, so none is missed. One per process: session ids are
 * unique across databases, so an app hears only of its own.
 */
export const sessionsEnded = new News<string[]>();

/**
 * Ending sessions. Here rather than in the auth module because users, students and sign-out all
 * end them, and auth reads users and students: one neutral place keeps the modules out of a loop.
 */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  async deleteSession(sessionId: string) {
    await this.endSessions(this.db.deleteFrom('sessions').where('id', '=', sessionId));
  }

  async deleteSessionsOfUser(userId: number) {
    await this.deleteSessionsOfUsers([userId]);
  }

  async deleteSessionsOfUsers(userIds: number[]) {
    if (userIds.length === 0) return;
    await this.endSessions(this.db.deleteFrom('sessions').where('user_id', 'in', userIds));
  }

  async deleteExpiredSessions(now: string) {
    await this.endSessions(this.db.deleteFrom('sessions').where('expires_at', '<=', now));
  }

  /** Deletes the sessions and tells of their end once that has committed. */
  private async endSessions(deletion: DeleteQueryBuilder<Database, 'sessions', DeleteResult>) {
    const ended = (await deletion.returning('id').execute()).map((row) => row.id);
    if (ended.length > 0) afterCommit(this.db, () => sessionsEnded.publish(ended));
  }
}
