import { PostgresAdapter, sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SkillItemScoresTable, SkillScoringsTable } from '../../db/types.js';

export type ScoringRow = Selectable<SkillScoringsTable>;
export type ItemScoreRow = Selectable<SkillItemScoresTable>;

/** A candidate with its assessment, the frozen sheet and the student (one query). */
export type CandidateContext = NonNullable<Awaited<ReturnType<ScoringRepository['candidate']>>>;

export interface LogEntry {
  candidateId: number;
  scoringId: number | null;
  actorId: number;
  action: string;
  itemId?: number | null;
  detail?: Record<string, unknown>;
  at: string;
}

export interface ItemScoreWrite {
  item_id: number;
  points: number | null;
  veto_hit: number;
  note: string;
  seq: number;
}

/** Every query of the examiners' sheets, the chief examiner and the checker. */
export class ScoringRepository {
  // Readable: the row access checks (lib/access.ts) run in the same transaction.
  constructor(readonly db: Db) {}

  private get postgres() {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  private candidates() {
    return this.db
      .selectFrom('skill_candidates as c')
      .innerJoin('skill_assessments as a', 'a.id', 'c.assessment_id')
      .innerJoin('skill_sheet_versions as v', 'v.id', 'a.sheet_version_id')
      .innerJoin('students as s', 's.id', 'c.student_id')
      .selectAll('c')
      .select([
        'a.name as assessment_name',
        'a.status as assessment_status',
        'a.tolerance',
        'a.chief_id',
        'a.checker_id',
        'v.snapshot',
        's.name as student_name',
        's.photo',
      ]);
  }

  candidate(id: number) {
    return this.candidates().where('c.id', '=', id).executeTakeFirst();
  }

  candidatesOfAssessment(assessmentId: number) {
    return this.candidates()
      .where('c.assessment_id', '=', assessmentId)
      .orderBy('c.session_id')
      .orderBy('c.station')
      .orderBy('c.turn')
      .orderBy('c.id')
      .execute();
  }

  assessment(id: number) {
    return this.db
      .selectFrom('skill_assessments')
      .select(['id', 'chief_id', 'checker_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Locks the candidate's row until the transaction ends (PostgreSQL; SQLite's writer lock does it). */
  async lockCandidate(id: number): Promise<void> {
    if (!this.postgres) return;
    await this.db
      .selectFrom('skill_candidates')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .execute();
  }

  /** The examiners of a station, by id, with their names. */
  stationExaminers(sessionId: number, station: number) {
    return this.db
      .selectFrom('skill_session_examiners as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'u.nick_name'])
      .where('e.session_id', '=', sessionId)
      .where('e.station', '=', station)
      .orderBy('e.user_id')
      .execute();
  }

  /** The published assessments' sessions and stations where the user examines. */
  myStations(userId: number) {
    return this.db
      .selectFrom('skill_session_examiners as e')
      .innerJoin('skill_sessions as ss', 'ss.id', 'e.session_id')
      .innerJoin('skill_assessments as a', 'a.id', 'ss.assessment_id')
      .select([
        'e.session_id',
        'e.station',
        'ss.assessment_id',
        'a.name as assessment_name',
        'ss.starts_at',
        'ss.ends_at',
        'ss.place',
        'ss.sort',
      ])
      .where('e.user_id', '=', userId)
      .where('a.status', '=', 'published')
      .orderBy('ss.starts_at')
      .orderBy('ss.sort')
      .orderBy('e.session_id')
      .orderBy('e.station')
      .execute();
  }

  /** The candidates of these sessions (every station; the caller keeps its own). */
  candidatesOfSessions(sessionIds: readonly number[]) {
    if (sessionIds.length === 0) return Promise.resolve([]);
    return this.candidates()
      .where('c.session_id', 'in', sessionIds)
      .orderBy('c.station')
      .orderBy('c.turn')
      .orderBy('c.id')
      .execute();
  }

  /** The user's scorings of these candidates (signed or not). */
  myScorings(userId: number, candidateIds: readonly number[]) {
    if (candidateIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('skill_scorings')
      .select(['candidate_id', 'signed_at'])
      .where('examiner_id', '=', userId)
      .where('candidate_id', 'in', candidateIds)
      .execute();
  }

  scoring(candidateId: number, examinerId: number) {
    return this.db
      .selectFrom('skill_scorings')
      .selectAll()
      .where('candidate_id', '=', candidateId)
      .where('examiner_id', '=', examinerId)
      .executeTakeFirst();
  }

  scoringById(id: number) {
    return this.db.selectFrom('skill_scorings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  scoringsOf(candidateId: number) {
    return this.db
      .selectFrom('skill_scorings')
      .selectAll()
      .where('candidate_id', '=', candidateId)
      .orderBy('examiner_id')
      .execute();
  }

  /** The examiner's sheet for the candidate, made on first use. */
  async ensureScoring(candidateId: number, examinerId: number, at: string): Promise<ScoringRow> {
    await this.db
      .insertInto('skill_scorings')
      .values({ candidate_id: candidateId, examiner_id: examinerId, updated_at: at })
      .onConflict((oc) => oc.columns(['candidate_id', 'examiner_id']).doNothing())
      .execute();
    const row = await this.scoring(candidateId, examinerId);
    if (!row) throw new Error(`scoring of ${candidateId}/${examinerId} vanished`);
    return row;
  }

  async updateScoring(id: number, values: Partial<Omit<ScoringRow, 'id'>>) {
    await this.db.updateTable('skill_scorings').set(values).where('id', '=', id).execute();
  }

  itemScores(scoringIds: readonly number[]) {
    if (scoringIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('skill_item_scores')
      .selectAll()
      .where('scoring_id', 'in', scoringIds)
      .orderBy('scoring_id')
      .orderBy('item_id')
      .execute();
  }

  /** Writes the item scores; a stored row keeps itself against a save at or below its seq. */
  async upsertItemScores(scoringId: number, rows: readonly ItemScoreWrite[], at: string) {
    if (rows.length === 0) return;
    await this.db
      .insertInto('skill_item_scores')
      .values(rows.map((row) => ({ ...row, scoring_id: scoringId, updated_at: at })))
      .onConflict((oc) =>
        oc
          .columns(['scoring_id', 'item_id'])
          .doUpdateSet({
            points: (eb) => eb.ref('excluded.points'),
            veto_hit: (eb) => eb.ref('excluded.veto_hit'),
            note: (eb) => eb.ref('excluded.note'),
            seq: (eb) => eb.ref('excluded.seq'),
            updated_at: (eb) => eb.ref('excluded.updated_at'),
          })
          .where(sql<boolean>`skill_item_scores.seq < excluded.seq`),
      )
      .execute();
  }

  async updateCandidate(
    id: number,
    values: Partial<{
      presence: string;
      presence_by: number | null;
      presence_at: string | null;
      state: string;
      final_score: number | null;
      final_veto: number;
      decided_by: number | null;
      decided_at: string | null;
      decision_reason: string | null;
      checked_by: number | null;
      checked_at: string | null;
    }>,
  ) {
    await this.db.updateTable('skill_candidates').set(values).where('id', '=', id).execute();
  }

  async log(entries: readonly LogEntry[]) {
    if (entries.length === 0) return;
    await this.db
      .insertInto('skill_score_log')
      .values(
        entries.map((entry) => ({
          candidate_id: entry.candidateId,
          scoring_id: entry.scoringId,
          actor_id: entry.actorId,
          action: entry.action,
          item_id: entry.itemId ?? null,
          detail: JSON.stringify(entry.detail ?? {}),
          at: entry.at,
        })),
      )
      .execute();
  }

  userNames(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids).execute();
  }
}
