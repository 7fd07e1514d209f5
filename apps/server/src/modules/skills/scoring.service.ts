import type {
  ItemScoreAck,
  ItemScoreSave,
  MessageLanguage,
  MySessionView,
  MySheetView,
  SaveItemScoresBody,
  SetPresenceBody,
  SkillTimerView,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, existing, invalid, type AppError } from '../../errors.js';
import { skillExaminerAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import {
  candidateOutcome,
  overtimeMinutes,
  sheetTotal,
  toHundredths,
  toPoints,
  unscoredItems,
} from './scoring-rules.js';
import { parseFrozenSheet, sheetView, type ScoringSheet } from './scoring-sheet.js';
import { candidateView, scoringView, timerView } from './scoring-views.js';
import {
  ScoringRepository,
  type CandidateContext,
  type ItemScoreWrite,
  type LogEntry,
  type ScoringRow,
} from './scoring.repository.js';

/** A candidate's row as read inside the transaction, with its frozen sheet. */
interface Examined {
  row: CandidateContext;
  sheet: ScoringSheet;
}

/**
 * The candidate as its examiner may reach it (lib/access.ts skillExaminerAccess), with its
 * frozen sheet, read through `repo` (the caller's transaction).
 */
export async function examined(repo: ScoringRepository, candidateId: number, userId: number) {
  await skillExaminerAccess(repo.db, userId, candidateId);
  const row = existing(await repo.candidate(candidateId), 'skillCandidate', candidateId);
  return { row, sheet: parseFrozenSheet(row.snapshot) };
}

/** Refuses a change to the candidate's scoring once checked, or while marked absent. */
export function refuseClosed(row: CandidateContext) {
  if (row.state === 'checked') throw conflict('candidateChecked', { id: row.id });
  if (row.presence === 'absent') throw conflict('candidateAbsent', { id: row.id });
}

/** Why one item's save is refused (null: it may be stored). */
function itemRefusal(sheet: ScoringSheet, save: ItemScoreSave, index: number): AppError | null {
  const item = sheet.items.get(save.itemId);
  if (!item) return invalid(`scores.${index}.itemId`, 'itemNotOnSheet', { itemId: save.itemId });
  if (save.points !== null && toHundredths(save.points) > item.points) {
    return invalid(`scores.${index}.points`, 'pointsOverItem', {
      itemId: item.id,
      points: save.points,
      max: toPoints(item.points),
    });
  }
  if (save.vetoHit && !item.veto) {
    return invalid(`scores.${index}.vetoHit`, 'notAVetoItem', { itemId: item.id });
  }
  return null;
}

/** Refuses a change to a signed sheet (only the chief examiner reopens it). */
export function refuseSigned(scoring: ScoringRow) {
  if (scoring.signed_at !== null) throw conflict('sheetSigned', { id: scoring.candidate_id });
}

/**
 * Once every examiner of the candidate's station has signed: agreed with the final score, or
 * disputed for the chief examiner. Inside the caller's transaction, the candidate locked.
 */
export async function settleCandidate(
  repo: ScoringRepository,
  { row, sheet }: Examined,
  actorId: number,
  at: string,
): Promise<void> {
  const examiners = await repo.stationExaminers(row.session_id, row.station);
  const scorings = await repo.scoringsOf(row.id);
  const signed = scorings.filter(
    (s) => s.signed_at !== null && examiners.some((e) => e.user_id === s.examiner_id),
  );
  if (examiners.length === 0 || signed.length < examiners.length) return;
  const outcome = candidateOutcome(
    signed.map((s) => ({ total: s.total, vetoHit: s.veto_hit === 1 })),
    row.tolerance,
    sheet.step,
  );
  if (outcome.state === 'agreed') {
    const finalScore = Math.min(outcome.finalScore, sheet.fullScore || outcome.finalScore);
    await repo.updateCandidate(row.id, {
      state: 'agreed',
      final_score: finalScore,
      final_veto: outcome.finalVeto ? 1 : 0,
    });
    await repo.log([
      {
        candidateId: row.id,
        scoringId: null,
        actorId,
        action: 'agreed',
        detail: { finalScore: toPoints(finalScore), finalVeto: outcome.finalVeto },
        at,
      },
    ]);
  } else {
    await repo.updateCandidate(row.id, { state: 'disputed', final_score: null, final_veto: 0 });
    await repo.log([
      {
        candidateId: row.id,
        scoringId: null,
        actorId,
        action: 'disputed',
        detail: { reason: outcome.reason },
        at,
      },
    ]);
  }
}

/**
 * The examiner's desk (issue 26 §3): their sessions and candidates, presence, their own sheet
 * per candidate saved item by item with sequence numbers, the stopwatch, and signing.
 */
export class ScoringService {
  constructor(private readonly db: Db) {}

  /** Reads the examined candidate, locks it and runs `work` in one transaction. */
  private withCandidate<T>(
    candidateId: number,
    auth: AuthContext,
    work: (repo: ScoringRepository, examined: Examined, at: string) => Promise<T>,
  ): Promise<T> {
    return inTransaction(this.db, async (trx) => {
      const repo = new ScoringRepository(trx);
      await repo.lockCandidate(candidateId);
      return work(repo, await examined(repo, candidateId, auth.user.id), nowIso());
    });
  }

  async listMySessions(auth: AuthContext): Promise<MySessionView[]> {
    const repo = new ScoringRepository(this.db);
    const stations = await repo.myStations(auth.user.id);
    const candidates = await repo.candidatesOfSessions([
      ...new Set(stations.map((s) => s.session_id)),
    ]);
    const mine = candidates.filter((c) =>
      stations.some((s) => s.session_id === c.session_id && s.station === c.station),
    );
    const signed = new Set(
      (
        await repo.myScorings(
          auth.user.id,
          mine.map((c) => c.id),
        )
      )
        .filter((s) => s.signed_at !== null)
        .map((s) => s.candidate_id),
    );
    const sessions = new Map<number, MySessionView>();
    for (const s of stations) {
      let session = sessions.get(s.session_id);
      if (!session) {
        session = {
          sessionId: s.session_id,
          assessmentId: s.assessment_id,
          assessmentName: s.assessment_name,
          startsAt: s.starts_at,
          endsAt: s.ends_at,
          place: s.place,
          stations: [],
        };
        sessions.set(s.session_id, session);
      }
      session.stations.push({
        station: s.station,
        candidates: mine
          .filter((c) => c.session_id === s.session_id && c.station === s.station)
          .map((c) => ({ ...candidateView(c), mySheetSigned: signed.has(c.id) })),
      });
    }
    return [...sessions.values()];
  }

  /** Identity checked, or absent; refused once a sheet of the candidate is signed. */
  setPresence(body: SetPresenceBody, auth: AuthContext): Promise<void> {
    return this.withCandidate(body.candidateId, auth, async (repo, { row }, at) => {
      if (row.state === 'checked') throw conflict('candidateChecked', { id: row.id });
      const scorings = await repo.scoringsOf(row.id);
      if (scorings.some((s) => s.signed_at !== null)) {
        throw conflict('presenceAfterScoring', { id: row.id });
      }
      await repo.updateCandidate(row.id, {
        presence: body.presence,
        presence_by: auth.user.id,
        presence_at: at,
      });
      await repo.log([
        {
          candidateId: row.id,
          scoringId: null,
          actorId: auth.user.id,
          action: 'presence',
          detail: { presence: body.presence, was: row.presence },
          at,
        },
      ]);
    });
  }

  /** The sheet, the examiner's own scores and stopwatch; never another examiner's. */
  async mySheet(candidateId: number, auth: AuthContext): Promise<MySheetView> {
    const repo = new ScoringRepository(this.db);
    const { row, sheet } = await examined(repo, candidateId, auth.user.id);
    const scoring = await repo.scoring(row.id, auth.user.id);
    const items = scoring ? await repo.itemScores([scoring.id]) : [];
    return {
      candidate: candidateView(row),
      sheet: sheetView(sheet),
      mine: scoringView(sheet, { id: auth.user.id, name: auth.user.nick_name }, scoring, items),
    };
  }

  /**
   * Item scores as the device sends them: each applied only above the stored seq (a resend at or
   * below it changes nothing and is acknowledged alike); acknowledged after commit.
   */
  saveItemScores(
    body: SaveItemScoresBody,
    auth: AuthContext,
    language: MessageLanguage,
  ): Promise<ItemScoreAck[]> {
    return this.withCandidate(body.candidateId, auth, async (repo, { row, sheet }, at) => {
      refuseClosed(row);
      const latest = new Map<number, ItemScoreWrite>();
      const refusals = body.scores.map((save, index) => {
        const refusal = itemRefusal(sheet, save, index);
        if (refusal) return refusal;
        const kept = latest.get(save.itemId);
        if (!kept || kept.seq < save.seq) {
          latest.set(save.itemId, {
            item_id: save.itemId,
            points: save.points === null ? null : toHundredths(save.points),
            veto_hit: save.vetoHit ? 1 : 0,
            note: save.note,
            seq: save.seq,
          });
        }
        return null;
      });
      const scoring = await repo.ensureScoring(row.id, auth.user.id, at);
      const stored = new Map((await repo.itemScores([scoring.id])).map((s) => [s.item_id, s]));
      const applied = [...latest.values()].filter(
        (save) => save.seq > (stored.get(save.item_id)?.seq ?? 0),
      );
      // A resend of what a signed sheet already holds is acknowledged; anything new is refused.
      if (applied.length > 0) {
        refuseSigned(scoring);
        await repo.upsertItemScores(scoring.id, applied, at);
        await repo.updateScoring(scoring.id, {
          seq: Math.max(scoring.seq, ...applied.map((save) => save.seq)),
          updated_at: at,
        });
        await repo.log(
          applied.map((save): LogEntry => {
            const was = stored.get(save.item_id);
            return {
              candidateId: row.id,
              scoringId: scoring.id,
              actorId: auth.user.id,
              action: save.veto_hit !== (was?.veto_hit ?? 0) ? 'veto' : 'score',
              itemId: save.item_id,
              detail: {
                points: save.points === null ? null : toPoints(save.points),
                vetoHit: save.veto_hit === 1,
                note: save.note,
                seq: save.seq,
                ...(was && {
                  was: {
                    points: was.points === null ? null : toPoints(was.points),
                    vetoHit: was.veto_hit === 1,
                    seq: was.seq,
                  },
                }),
              },
              at,
            };
          }),
        );
      }
      return body.scores.map((save, index): ItemScoreAck => {
        const refusal = refusals[index];
        return refusal
          ? {
              itemId: save.itemId,
              seq: save.seq,
              ok: false,
              code: refusal.status,
              message: refusal.render(language),
            }
          : { itemId: save.itemId, seq: save.seq, ok: true };
      });
    });
  }

  /** Starts the stopwatch on the server's clock (a second start changes nothing). */
  startTimer(candidateId: number, auth: AuthContext): Promise<SkillTimerView> {
    return this.withCandidate(candidateId, auth, async (repo, { row, sheet }, at) => {
      refuseClosed(row);
      const scoring = await repo.ensureScoring(row.id, auth.user.id, at);
      refuseSigned(scoring);
      if (scoring.started_at !== null) return timerView(sheet, scoring);
      await repo.updateScoring(scoring.id, { started_at: at, updated_at: at });
      await repo.log([
        {
          candidateId: row.id,
          scoringId: scoring.id,
          actorId: auth.user.id,
          action: 'timerStart',
          at,
        },
      ]);
      return timerView(sheet, { ...scoring, started_at: at });
    });
  }

  /** Stops the stopwatch: the overtime minutes (ceil, capped at the stop) from the server's clock. */
  stopTimer(candidateId: number, auth: AuthContext): Promise<SkillTimerView> {
    return this.withCandidate(candidateId, auth, async (repo, { row, sheet }, at) => {
      refuseClosed(row);
      const scoring = await repo.ensureScoring(row.id, auth.user.id, at);
      refuseSigned(scoring);
      const stopped = await this.stop(repo, row.id, sheet, scoring, auth.user.id, at);
      return timerView(sheet, stopped);
    });
  }

  private async stop(
    repo: ScoringRepository,
    candidateId: number,
    sheet: ScoringSheet,
    scoring: ScoringRow,
    actorId: number,
    at: string,
  ): Promise<ScoringRow> {
    if (scoring.started_at === null) throw conflict('timerNotStarted', { id: candidateId });
    if (scoring.stopped_at !== null) return scoring;
    const overtime = overtimeMinutes(sheet, scoring.started_at, at);
    await repo.updateScoring(scoring.id, {
      stopped_at: at,
      overtime_minutes: overtime,
      updated_at: at,
    });
    await repo.log([
      {
        candidateId,
        scoringId: scoring.id,
        actorId,
        action: 'timerStop',
        detail: { overtimeMinutes: overtime },
        at,
      },
    ]);
    return { ...scoring, stopped_at: at, overtime_minutes: overtime };
  }

  /**
   * Signs (submits) the examiner's sheet: a running stopwatch stops, the total is computed and
   * the sheet frozen; once every examiner of the station has signed, the candidate is settled.
   * Signing a signed sheet again changes nothing (a resend).
   */
  sign(candidateId: number, auth: AuthContext): Promise<MySheetView> {
    return this.withCandidate(candidateId, auth, async (repo, examinedRow, at) => {
      const { row, sheet } = examinedRow;
      refuseClosed(row);
      let scoring = await repo.ensureScoring(row.id, auth.user.id, at);
      if (scoring.signed_at === null) {
        const items = await repo.itemScores([scoring.id]);
        const missing = unscoredItems(sheet, items);
        if (missing.length > 0) {
          throw invalid('scores', 'sheetIncomplete', {
            items: missing.map((item) => item.id).join(', '),
          });
        }
        if (scoring.started_at !== null) {
          scoring = await this.stop(repo, row.id, sheet, scoring, auth.user.id, at);
        }
        const { total, vetoHit } = sheetTotal(sheet, items, scoring.overtime_minutes);
        await repo.updateScoring(scoring.id, {
          signed_at: at,
          total,
          veto_hit: vetoHit ? 1 : 0,
          updated_at: at,
        });
        await repo.log([
          {
            candidateId: row.id,
            scoringId: scoring.id,
            actorId: auth.user.id,
            action: 'sign',
            detail: {
              total: toPoints(total),
              vetoHit,
              overtimeMinutes: scoring.overtime_minutes,
            },
            at,
          },
        ]);
        await settleCandidate(repo, examinedRow, auth.user.id, at);
      }
      const after = await examined(repo, candidateId, auth.user.id);
      const mine = await repo.scoring(row.id, auth.user.id);
      return {
        candidate: candidateView(after.row),
        sheet: sheetView(sheet),
        mine: scoringView(
          sheet,
          { id: auth.user.id, name: auth.user.nick_name },
          mine,
          mine ? await repo.itemScores([mine.id]) : [],
        ),
      };
    });
  }
}
