import {
  MESSAGE_LANGUAGES,
  SEAT_PLAN_IMPORT_MAX_ROWS,
  SEAT_PLAN_XLSX_COLUMNS,
  SEAT_PLAN_XLSX_TEXTS,
  localized,
  wordsIn,
  type Localized,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
  type SeatPlanImportMove,
  type SeatPlanXlsxColumn,
} from '@kaoshi/shared';
import {
  checkSheetRows,
  columnLetter,
  headerColumns,
  readCell,
  readFirstSheet,
  readHeaderRow,
  type SheetRow,
} from '../../lib/spreadsheet.js';
import type { ImportedPlace } from './seat-plan-xlsx.repository.js';

/**
 * The seat plan's .xlsx (docs/features/venues.md): the columns venue, room, seat, ticket number,
 * name, batch, masked ID number and session; the import reads venue, room, seat, ticket number
 * and session (when the column is there; the other columns are the centre's to read) and checks every row before anything is written.
 */

export const SEAT_PLAN_COLUMN_WIDTHS: Record<SeatPlanXlsxColumn, number> = {
  venue: 20,
  room: 16,
  seat: 8,
  ticketNumber: 18,
  name: 14,
  batch: 22,
  idNumber: 22,
  session: 16,
};

const HEADERS = headerColumns(
  Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, SEAT_PLAN_XLSX_TEXTS[l].columns])),
);
const REQUIRED: readonly SeatPlanXlsxColumn[] = ['venue', 'room', 'seat', 'ticketNumber'];

/** One data row of an uploaded plan as read: texts of the columns the import uses. */
export interface PlanFileRow {
  row: number;
  venue: string;
  room: string;
  seat: string;
  ticket: string;
  /** The session's name; '' when empty or the file has no such column. */
  session: string;
  /** A cell could not be read (its problem is listed): the row is not checked further. */
  unreadable: boolean;
}

/** One problem at a cell; the message in every language until the answer picks one. */
export interface CellProblem {
  row: number;
  column: SeatPlanXlsxColumn;
  problem: Localized;
}

export interface PlanFile {
  rows: PlanFileRow[];
  /** Cells that could not be read (formulas, markup, dates…). */
  problems: CellProblem[];
  /** Sheet column index of each column the file has. */
  columnIndex: Map<SeatPlanXlsxColumn, number>;
}

/** Reads the first sheet of an uploaded plan; a file without the headers is refused (10002). */
export async function readPlanFile(file: Buffer): Promise<PlanFile> {
  const { sheet } = await readFirstSheet(file, SEAT_PLAN_IMPORT_MAX_ROWS + 100);
  const [header, ...data] = sheet?.rows ?? [];
  checkSheetRows(header?.number, data.length, { max: SEAT_PLAN_IMPORT_MAX_ROWS });
  const columnAt = readHeaderRow(header!, header!.number, {
    headers: HEADERS,
    required: REQUIRED,
    englishHeader: (column) => SEAT_PLAN_XLSX_TEXTS.en.columns[column],
  });
  const columnIndex = new Map([...columnAt].map(([index, column]) => [column, index]));
  const problems: CellProblem[] = [];
  const text = (row: SheetRow, column: SeatPlanXlsxColumn) => {
    if (!columnIndex.has(column)) return '';
    const read = readCell(row.cells.get(columnIndex.get(column)!), column === 'ticketNumber');
    if (!read.problem) return read.text;
    problems.push({ row: row.number, column, problem: localized('sheetImportCellUnreadable') });
    return '';
  };
  const rows = data.map((row) => {
    const before = problems.length;
    return {
      row: row.number,
      venue: text(row, 'venue'),
      room: text(row, 'room'),
      seat: text(row, 'seat'),
      ticket: text(row, 'ticketNumber'),
      session: text(row, 'session'),
      unreadable: problems.length > before,
    };
  });
  return { rows, problems, columnIndex };
}

/** A candidate of the exam as the check knows them. */
export interface PlanCandidate {
  id: number;
  name: string;
  ticket: string;
  roomId: number | null;
  seat: number;
  sessionId: number | null;
}

export interface PlanRoom {
  id: number;
  name: string;
  seats: number;
  venueName: string;
}

export interface PlanCheck {
  problems: CellProblem[];
  moves: SeatPlanImportMove[];
  places: ImportedPlace[];
  unchanged: number;
  notInFile: number;
  /** Each room the file seats someone in, with the first row that does. */
  roomsUsed: Map<number, number>;
  /** The same per session (null: without one): a room is held in its session's window. */
  sessionRoomsUsed: Map<number | null, Map<number, number>>;
}

export interface PlanSession {
  id: number;
  name: string;
}

const roomKey = (venue: string, room: string) => `${venue}\u0000${room}`;
const SEAT = /^\d+$/;

/**
 * Checks every row against the exam's candidates and the rooms: the ticket known and named
 * once, the venue and room known, the seat within the room and given to one candidate (nor held
 * by one the file leaves where they are), room and seat both given or both empty (no room).
 * A seat is one candidate's per session: the session named (one of the exam's), else the
 * candidate's own. Candidates the file does not name stay where they are.
 */
export function checkPlanFile(
  file: PlanFile,
  candidates: readonly PlanCandidate[],
  rooms: readonly PlanRoom[],
  sessions: readonly PlanSession[] = [],
): PlanCheck {
  const problems = [...file.problems];
  const problem = (
    row: number,
    column: SeatPlanXlsxColumn,
    key: MessageKey,
    params: MessageParams = {},
  ) => problems.push({ row, column, problem: localized(key, params) });
  const byTicket = new Map(candidates.map((c) => [c.ticket, c]));
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const roomByName = new Map(rooms.map((r) => [roomKey(r.venueName, r.name), r]));
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  const sessionByName = new Map(sessions.map((row) => [row.name, row]));
  const sessionName = new Map(sessions.map((row) => [row.id, row.name]));
  const placeName = (roomId: number | null, seat: number, sessionId: number | null) => {
    const room = roomId === null ? undefined : roomById.get(roomId);
    const session = sessionId === null ? '' : ` (${sessionName.get(sessionId) ?? ''})`;
    return room ? `${room.venueName} ${room.name} ${seat}${session}` : null;
  };

  const named = new Map<number, number>();
  const wanted = new Map<
    number,
    { roomId: number | null; seat: number | null; sessionId: number | null; row: number }
  >();
  const roomsUsed = new Map<number, number>();
  const sessionRoomsUsed = new Map<number | null, Map<number, number>>();
  for (const line of file.rows) {
    if (line.unreadable) continue;
    if (line.ticket === '') {
      problem(line.row, 'ticketNumber', 'sheetImportRequired');
      continue;
    }
    const candidate = byTicket.get(line.ticket);
    if (!candidate) {
      problem(line.row, 'ticketNumber', 'seatPlanUnknownTicket', { value: line.ticket });
      continue;
    }
    const earlier = named.get(candidate.id);
    if (earlier !== undefined) {
      problem(line.row, 'ticketNumber', 'seatPlanTicketTwice', {
        value: line.ticket,
        row: earlier,
      });
      continue;
    }
    named.set(candidate.id, line.row);
    const session = line.session === '' ? undefined : sessionByName.get(line.session);
    if (line.session !== '' && !session) {
      problem(line.row, 'session', 'seatPlanUnknownSession', { value: line.session });
      continue;
    }
    const sessionId = session ? session.id : candidate.sessionId;
    const given = [line.venue, line.room, line.seat].filter((text) => text !== '').length;
    if (given === 0) {
      wanted.set(candidate.id, { roomId: null, seat: null, sessionId, row: line.row });
      continue;
    }
    if (given < 3) {
      const column = line.venue === '' ? 'venue' : line.room === '' ? 'room' : 'seat';
      problem(line.row, column, 'seatPlanRoomAndSeat');
      continue;
    }
    const room = roomByName.get(roomKey(line.venue, line.room));
    if (!room) {
      problem(line.row, 'room', 'seatPlanUnknownRoom', { venue: line.venue, room: line.room });
    }
    const seat = SEAT.test(line.seat) ? Number(line.seat) : 0;
    if (seat < 1) {
      problem(line.row, 'seat', 'seatPlanSeatNumber', { value: line.seat });
    } else if (room && seat > room.seats) {
      problem(line.row, 'seat', 'seatBeyondRoom', { name: room.name, seats: room.seats });
    }
    if (!room || seat < 1 || seat > room.seats) continue;
    wanted.set(candidate.id, { roomId: room.id, seat, sessionId, row: line.row });
    if (!roomsUsed.has(room.id)) roomsUsed.set(room.id, line.row);
    const inSession = sessionRoomsUsed.get(sessionId) ?? new Map<number, number>();
    if (!inSession.has(room.id)) inSession.set(room.id, line.row);
    sessionRoomsUsed.set(sessionId, inSession);
  }

  // Who sits where once the file is applied: the file's places, everyone else where they are.
  const holder = new Map<string, { candidate: PlanCandidate; row: number | null }>();
  const seatKey = (roomId: number, seat: number, sessionId: number | null) =>
    `${roomId}:${sessionId ?? ''}:${seat}`;
  for (const candidate of candidates) {
    if (wanted.has(candidate.id) || candidate.roomId === null) continue;
    holder.set(seatKey(candidate.roomId, candidate.seat, candidate.sessionId), {
      candidate,
      row: null,
    });
  }
  const ordered = [...wanted.entries()].sort(([, a], [, b]) => a.row - b.row);
  for (const [id, place] of ordered) {
    if (place.roomId === null || place.seat === null) continue;
    const room = roomById.get(place.roomId)!;
    const key = seatKey(place.roomId, place.seat, place.sessionId);
    const other = holder.get(key);
    const candidate = byId.get(id)!;
    if (!other) {
      holder.set(key, { candidate, row: place.row });
    } else if (other.row === null) {
      problem(place.row, 'seat', 'seatTaken', {
        room: room.name,
        seat: place.seat,
        name: other.candidate.name,
        ticket: other.candidate.ticket,
      });
    } else {
      problem(place.row, 'seat', 'seatPlanSeatTwice', {
        room: room.name,
        seat: place.seat,
        ticket: other.candidate.ticket,
        row: other.row,
      });
    }
  }

  const moves: SeatPlanImportMove[] = [];
  const places: ImportedPlace[] = [];
  let unchanged = 0;
  for (const candidate of candidates) {
    const place = wanted.get(candidate.id);
    if (!place) continue;
    const same =
      place.roomId === candidate.roomId &&
      place.sessionId === candidate.sessionId &&
      (place.roomId === null || place.seat === candidate.seat);
    if (same) {
      unchanged++;
      continue;
    }
    places.push({
      id: candidate.id,
      roomId: place.roomId,
      seat: place.seat,
      sessionId: place.sessionId,
    });
    moves.push({
      ticketNumber: candidate.ticket,
      name: candidate.name,
      from: placeName(candidate.roomId, candidate.seat, candidate.sessionId),
      to: place.roomId === null ? null : placeName(place.roomId, place.seat!, place.sessionId),
    });
  }
  problems.sort(
    (a, b) =>
      a.row - b.row ||
      SEAT_PLAN_XLSX_COLUMNS.indexOf(a.column) - SEAT_PLAN_XLSX_COLUMNS.indexOf(b.column),
  );
  return {
    problems,
    moves,
    places,
    unchanged,
    notInFile: candidates.length - named.size,
    roomsUsed,
    sessionRoomsUsed,
  };
}

/** A problem as the user reads it: row, column letter, the header in their language, why. */
export function problemView(
  problem: CellProblem,
  columnIndex: Map<SeatPlanXlsxColumn, number>,
  language: MessageLanguage,
) {
  return {
    row: problem.row,
    column: columnLetter(columnIndex.get(problem.column) ?? 1),
    header: wordsIn(SEAT_PLAN_XLSX_TEXTS, language).columns[problem.column],
    message: problem.problem[language],
  };
}

/** The refusal's list: each problem "row R, column C (header): why" in every language. */
export function problemsText(
  problems: readonly CellProblem[],
  columnIndex: Map<SeatPlanXlsxColumn, number>,
  max: number,
): Localized {
  const lines = problems.slice(0, max).map((p) =>
    localized('sheetImportCell', {
      row: p.row,
      column: columnLetter(columnIndex.get(p.column) ?? 1),
      header: Object.fromEntries(
        MESSAGE_LANGUAGES.map((l) => [l, SEAT_PLAN_XLSX_TEXTS[l].columns[p.column]]),
      ) as Localized,
      problem: p.problem,
    }),
  );
  const more = problems.length > max ? ` (+${problems.length - max})` : '';
  return Object.fromEntries(
    MESSAGE_LANGUAGES.map((l) => [l, lines.map((line) => line[l]).join('; ') + more]),
  ) as Localized;
}
