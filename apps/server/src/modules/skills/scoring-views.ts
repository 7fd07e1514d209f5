import type {
  ScoringView,
  SkillCandidateState,
  SkillCandidateView,
  SkillPresence,
  SkillTimerView,
} from '@kaoshi/shared';
import type { CandidateContext, ItemScoreRow, ScoringRow } from './scoring.repository.js';
import { stopsAt, toPoints } from './scoring-rules.js';
import type { ScoringSheet } from './scoring-sheet.js';

/** How the examiners' sheets and candidates are shown (points; the server's clock). */

export const candidateView = (row: CandidateContext): SkillCandidateView => ({
  id: row.id,
  assessmentId: row.assessment_id,
  sessionId: row.session_id,
  station: row.station,
  turn: row.turn,
  ticketNumber: row.ticket_number,
  name: row.student_name,
  photo: row.photo,
  presence: row.presence as SkillPresence,
  state: row.state as SkillCandidateState,
  finalScore: row.final_score === null ? null : toPoints(row.final_score),
  finalVeto: row.final_veto === 1,
});

export const timerView = (
  sheet: ScoringSheet,
  scoring: ScoringRow | undefined,
): SkillTimerView => ({
  startedAt: scoring?.started_at ?? null,
  stoppedAt: scoring?.stopped_at ?? null,
  stopsAt: scoring?.started_at ? stopsAt(sheet, scoring.started_at) : null,
  overtimeMinutes: scoring?.overtime_minutes ?? 0,
  serverNow: new Date().toISOString(),
});

/** One examiner's sheet: their item scores, stopwatch, and total once signed. */
export function scoringView(
  sheet: ScoringSheet,
  examiner: { id: number; name: string },
  scoring: ScoringRow | undefined,
  items: readonly ItemScoreRow[],
): ScoringView {
  const signed = scoring?.signed_at !== null && scoring?.signed_at !== undefined;
  return {
    scoringId: scoring?.id ?? null,
    examinerId: examiner.id,
    examinerName: examiner.name,
    scores: items.map((row) => ({
      itemId: row.item_id,
      points: row.points === null ? null : toPoints(row.points),
      vetoHit: row.veto_hit === 1,
      note: row.note,
      seq: row.seq,
    })),
    timer: timerView(sheet, scoring),
    total: signed && scoring ? toPoints(scoring.total) : null,
    vetoHit: signed && scoring ? scoring.veto_hit === 1 : false,
    signedAt: scoring?.signed_at ?? null,
    reopenedAt: scoring?.reopened_at ?? null,
    reopenReason: scoring?.reopen_reason ?? null,
  };
}
