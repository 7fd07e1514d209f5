import { z } from 'zod';
import { dbId } from './common.js';

/**
 * Irregularities of an exam day (docs/features/irregularities.md): what went wrong in a room,
 * recorded by its invigilators or the publishers, with the candidates concerned and an action.
 * Nothing is deleted: a termination is reversed by a chief, the record keeps both.
 */
export const IRREGULARITY_BASE = '/api/kaoshi-exam/irregularity';

export const IRREGULARITY_CATEGORIES = ['environment', 'candidate', 'staff', 'technical'] as const;
export type IrregularityCategory = (typeof IRREGULARITY_CATEGORIES)[number];

export const IRREGULARITY_ACTIONS = ['warning', 'terminate'] as const;
export type IrregularityAction = (typeof IRREGULARITY_ACTIONS)[number];

export const IRREGULARITY_NOTE_MAX = 1000;
export const IRREGULARITY_REASON_MAX = 500;
/** Candidates one record may name. */
export const IRREGULARITY_CANDIDATES_MAX = 100;

const text = (max: number) => z.string().trim().max(max);

export const recordIrregularityBody = z
  .object({
    examId: dbId,
    /** The room it happened in (an invigilator's record names theirs). */
    roomId: dbId.nullable().optional(),
    category: z.enum(IRREGULARITY_CATEGORIES),
    note: text(IRREGULARITY_NOTE_MAX).min(1),
    studentIds: z.array(dbId).max(IRREGULARITY_CANDIDATES_MAX).default([]),
    action: z.enum(IRREGULARITY_ACTIONS),
    /** Why the attempts end (terminate only). */
    reason: text(IRREGULARITY_REASON_MAX).default(''),
  })
  .refine((body) => body.action !== 'terminate' || body.reason.length > 0, {
    path: ['reason'],
    message: 'required',
  })
  .refine((body) => body.action !== 'terminate' || body.studentIds.length > 0, {
    path: ['studentIds'],
    message: 'required',
  });
export type RecordIrregularityBody = z.output<typeof recordIrregularityBody>;

export const reverseIrregularityBody = z.object({
  id: dbId,
  reason: text(IRREGULARITY_REASON_MAX).min(1),
});
export type ReverseIrregularityBody = z.output<typeof reverseIrregularityBody>;

export const listIrregularityQuery = z.object({
  examId: dbId,
  roomId: z.coerce.number().int().positive().optional(),
});
export type ListIrregularityQuery = z.output<typeof listIrregularityQuery>;

/** The room documents: sign-in sheet, door list, room record (PDF) and the record as .xlsx. */
export const roomDocumentQuery = z.object({
  examId: z.coerce.number().int().positive(),
  roomId: z.coerce.number().int().positive(),
  /** The session (场次) of the room; absent: its candidates without one. */
  sessionId: z.coerce.number().int().positive().optional(),
});
export type RoomDocumentQuery = z.output<typeof roomDocumentQuery>;

export const ROOM_DOCUMENTS = ['signInSheet', 'doorList', 'roomRecord'] as const;
export type RoomDocument = (typeof ROOM_DOCUMENTS)[number];

export interface IrregularityCandidateView {
  studentId: number;
  name: string;
  ticketNumber: string;
  seatNumber: number | null;
  /** The attempt this record ended (terminate), reopened again when reversed. */
  terminated: boolean;
}

export interface IrregularityView {
  id: number;
  examId: number;
  roomId: number | null;
  roomName: string | null;
  category: IrregularityCategory;
  note: string;
  action: IrregularityAction;
  reason: string;
  recordedBy: string;
  recordedAt: string;
  reversedBy: string | null;
  reversedAt: string | null;
  reverseReason: string | null;
  candidates: IrregularityCandidateView[];
}

export interface IrregularityListView {
  rows: IrregularityView[];
  /** The caller may reverse terminations (every batch of the exam is theirs). */
  canReverse: boolean;
  /** The rooms the caller may record for (null: every room and candidate of their batches). */
  roomIds: number[] | null;
}
