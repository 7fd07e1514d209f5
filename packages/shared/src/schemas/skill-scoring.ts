import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { SCORE_SCALE } from '../question.js';
import type { SocketRefusal } from './attempt.js';
import { dbId } from './common.js';

/**
 * The examiners' sheets of a skills assessment (docs/features/skills.md, issue 26 §3): each
 * examiner scores the candidates of their station item by item, on their own; the chief examiner
 * settles what they disagree on; the score checker checks the sums and signs. Scores travel in
 * points (two decimals) and are stored in hundredths; every time is the server's.
 */

export const SKILLS_SCORING_BASE = '/api/kaoshi-skills/scoring';
export const SKILLS_CHECK_BASE = '/api/kaoshi-skills/check';

/** Item scores one saveItemScores call may carry (an outbox sends what it holds). */
export const ITEM_SAVES_MAX = 100;
/** Characters of an item's note, and of a reopen or decision reason. */
export const SKILL_NOTE_MAX = 500;
export const SKILL_REASON_MAX = 500;

export const SKILL_CANDIDATE_STATES = [
  'scoring',
  'disputed',
  'agreed',
  'decided',
  'checked',
] as const;
export type SkillCandidateState = (typeof SKILL_CANDIDATE_STATES)[number];
export const SKILL_PRESENCES = ['pending', 'checked', 'absent'] as const;
export type SkillPresence = (typeof SKILL_PRESENCES)[number];

const twoDecimals = (value: number) =>
  Math.abs(value * SCORE_SCALE - Math.round(value * SCORE_SCALE)) < 1e-6;

/** Points, 0 or more, with at most two decimals. */
const skillPoints = z
  .number()
  .min(0)
  .max(1000)
  .refine(twoDecimals, { ...schemaMessage('atMostTwoDecimals') });

const reason = z.string().trim().min(1).max(SKILL_REASON_MAX);

export const candidateIdParams = z.object({ candidateId: dbId });
export const assessmentIdParams = z.object({ assessmentId: dbId });
export const candidateIdBody = z.object({ candidateId: dbId });
/** getSheetPdf: the candidate, and the assessment it must belong to. */
export const sheetPdfQuery = z.object({ assessmentId: dbId, candidateId: dbId });
export type SheetPdfQuery = z.infer<typeof sheetPdfQuery>;

export const setPresenceBody = z.object({
  candidateId: dbId,
  /** Identity checked, or absent. */
  presence: z.enum(['checked', 'absent']),
});
export type SetPresenceBody = z.infer<typeof setPresenceBody>;

/** One item's score as the examiner's device sends it (resent until acknowledged). */
export const itemScoreSave = z.object({
  itemId: z.number().int().positive(),
  /** Award items: points given; deduct items: points taken. null: not scored (yet). */
  points: skillPoints.nullable(),
  /** A veto item (否定项) hit. */
  vetoHit: z.boolean().default(false),
  note: z.string().max(SKILL_NOTE_MAX).default(''),
  /** The device's sequence number for this item: a save at or below the stored one changes nothing. */
  seq: z.number().int().positive(),
});
export type ItemScoreSave = z.infer<typeof itemScoreSave>;

export const saveItemScoresBody = z.object({
  candidateId: dbId,
  scores: z.array(itemScoreSave).min(1).max(ITEM_SAVES_MAX),
});
export type SaveItemScoresBody = z.infer<typeof saveItemScoresBody>;

/**
 * Acknowledged after commit: stored, or already superseded by a higher seq (changes nothing,
 * ok alike); or refused for this item alone (not on the sheet, over its points, a veto on an
 * ordinary item), which the device drops rather than resends.
 */
export type ItemScoreAck =
  | { itemId: number; seq: number; ok: true }
  | { itemId: number; seq: number; ok: false; code: number; message: string };

/**
 * The examiner's sheet over the exam's socket.io channel (SOCKET_PATH, the same connection and
 * session as the exam page's): `skills:saveItemScores` carries a SaveItemScoresBody and is
 * acknowledged after commit with what the HTTP call answers, or refused as a whole in the
 * user's language (not the examiner's candidate, a signed sheet, a checked candidate).
 */
export const SkillSocketEvent = {
  SAVE_ITEM_SCORES: 'skills:saveItemScores',
} as const;
export type SaveItemScoresAck = { ok: true; acks: ItemScoreAck[] } | SocketRefusal;

export const reopenSheetBody = z.object({ scoringId: dbId, reason });
export type ReopenSheetBody = z.infer<typeof reopenSheetBody>;

export const decideCandidateBody = z.object({
  candidateId: dbId,
  /** Points; ignored (0) when veto. */
  score: skillPoints,
  veto: z.boolean(),
  reason,
});
export type DecideCandidateBody = z.infer<typeof decideCandidateBody>;

/** The frozen sheet as an examiner reads it (points). */
export interface ScoringSheetView {
  name: string;
  timeLimitMinutes: number;
  overtimePointsPerMinute: number;
  overtimeStopMinutes: number;
  step: number;
  fullScore: number;
  tasks: {
    id: number;
    title: string;
    items: {
      id: number;
      what: string;
      criteria: string;
      points: number;
      veto: boolean;
      mode: 'award' | 'deduct';
    }[];
  }[];
}

export interface ItemScoreView {
  itemId: number;
  points: number | null;
  vetoHit: boolean;
  note: string;
  seq: number;
}

/** The stopwatch, on the server's clock. */
export interface SkillTimerView {
  startedAt: string | null;
  stoppedAt: string | null;
  /** When the overtime rule stops the task (start + limit + stop minutes); null before the start. */
  stopsAt: string | null;
  overtimeMinutes: number;
  serverNow: string;
}

/** One examiner's sheet for a candidate. */
export interface ScoringView {
  scoringId: number | null;
  examinerId: number;
  examinerName: string;
  scores: ItemScoreView[];
  timer: SkillTimerView;
  /** Points; computed when signed. */
  total: number | null;
  vetoHit: boolean;
  signedAt: string | null;
  reopenedAt: string | null;
  reopenReason: string | null;
}

export interface SkillCandidateView {
  id: number;
  assessmentId: number;
  sessionId: number;
  station: number;
  turn: number;
  ticketNumber: string;
  name: string;
  photo: string;
  presence: SkillPresence;
  state: SkillCandidateState;
  /** Points; known once the examiners agree or the chief decides. */
  finalScore: number | null;
  finalVeto: boolean;
}

/** getMySheet: the sheet, MY scores only, my stopwatch; the outcome only once all have signed. */
export interface MySheetView {
  candidate: SkillCandidateView;
  sheet: ScoringSheetView;
  mine: ScoringView;
}

export interface MySessionView {
  sessionId: number;
  assessmentId: number;
  assessmentName: string;
  startsAt: string;
  endsAt: string;
  place: string;
  stations: { station: number; candidates: (SkillCandidateView & { mySheetSigned: boolean })[] }[];
}

/** The chief's and checker's view of one candidate: every examiner's sheet. */
export interface CandidateSheetsView {
  candidate: SkillCandidateView;
  sheet: ScoringSheetView;
  tolerance: number;
  sheets: ScoringView[];
  decidedBy: number | null;
  decidedAt: string | null;
  decisionReason: string | null;
  checkedBy: number | null;
  checkedAt: string | null;
}

/** listMyAssessments (check): an assessment where I am the chief examiner or the checker. */
export interface CheckAssessmentView {
  id: number;
  name: string;
  status: 'published' | 'closed';
  chief: boolean;
  checker: boolean;
  candidates: number;
  /** Candidates waiting for the chief's decision. */
  disputed: number;
  /** Agreed or decided: waiting for the checker. */
  toCheck: number;
  checked: number;
}

/** listCandidates (check): a candidate with its station's examiners and the sheets signed. */
export interface CheckCandidateView extends SkillCandidateView {
  examiners: number;
  sheetsSigned: number;
}
