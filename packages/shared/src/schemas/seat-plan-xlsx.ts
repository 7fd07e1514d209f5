/**
 * An exam's seat plan as .xlsx (docs/features/venues.md): exported, edited (room and seat per
 * ticket number) and imported back, with a preview that lists the problems or the moves.
 */

/** A plan file is a few hundred KB for 10,000 candidates. */
export const SEAT_PLAN_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** Rows of one plan file (an exam of 10,000 candidates fits twice). */
export const SEAT_PLAN_IMPORT_MAX_ROWS = 20_000;
/** Problems an import lists (the preview) or names in its refusal. */
export const SEAT_PLAN_IMPORT_PROBLEMS_MAX = 200;

/** The columns of the plan sheet, in their order. */
export const SEAT_PLAN_XLSX_COLUMNS = [
  'venue',
  'room',
  'seat',
  'ticketNumber',
  'name',
  'batch',
  'idNumber',
  /** The session (场次) by name (migration 0026); empty or absent: the candidate's stays. */
  'session',
] as const;
export type SeatPlanXlsxColumn = (typeof SEAT_PLAN_XLSX_COLUMNS)[number];

/** One problem of an uploaded plan, at a cell; `message` in the request's language. */
export interface SeatPlanImportProblem {
  row: number;
  /** The sheet column's letters (A, B, …). */
  column: string;
  header: string;
  message: string;
}

/** A candidate the file moves; a place is "venue room seat", null for no room. */
export interface SeatPlanImportMove {
  ticketNumber: string;
  name: string;
  from: string | null;
  to: string | null;
}

/** previewSeatPlanImport's answer: nothing is written. */
export interface SeatPlanImportPreview {
  /** Data rows read. */
  rows: number;
  /** Every problem (at most SEAT_PLAN_IMPORT_PROBLEMS_MAX); the import is refused while any. */
  problems: SeatPlanImportProblem[];
  /** Problems past the ones listed. */
  moreProblems: number;
  moves: SeatPlanImportMove[];
  /** Candidates the file names where they already are. */
  unchanged: number;
  /** The exam's candidates the file does not name: they stay where they are. */
  notInFile: number;
}

export interface SeatPlanImportResult {
  moved: number;
  unchanged: number;
  notInFile: number;
}
