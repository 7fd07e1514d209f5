import {
  PROCTOR_EXPORT_TEXTS,
  ROOM_DOCUMENT_TEXTS,
  wordsIn,
  type MessageLanguage,
  type RoomDocument,
  type RoomDocumentQuery,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { examRoomsScope } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { styleHeader, writeExport } from '../../lib/spreadsheet.js';
import { maskIdNumber } from '../base/student.service.js';
import type { FilesService } from '../files/files.service.js';
import { IrregularityRepository, person } from './irregularity.repository.js';
import { irregularityViews } from './irregularity.service.js';
import {
  doorListPdf,
  roomRecordPdf,
  roomRecordRows,
  signInSheetPdf,
  type RoomFacts,
  type RoomRecordFacts,
} from './room-documents.pdf.js';
import { RoomDocumentsRepository } from './room-documents.repository.js';

/**
 * The room documents (docs/features/irregularities.md): the sign-in sheet, the door list and the
 * room record as A4 PDFs, and the room record as .xlsx for the centre. The whole room's
 * candidates: the caller is its invigilator, or a publisher of the exam (lib/access.ts examRoomsScope).
 */
export class RoomDocumentsService {
  constructor(
    private readonly db: Db,
    /** Reads the registered photos the sign-in sheet prints. */
    private readonly files: FilesService,
  ) {}

  private async facts(query: RoomDocumentQuery, auth: AuthContext): Promise<RoomFacts> {
    const sessionId = query.sessionId ?? null;
    await examRoomsScope(this.db, auth, query.examId, 'read', query.roomId, sessionId);
    const repository = new RoomDocumentsRepository(this.db);
    const [exam, room, session, candidates] = await Promise.all([
      repository.exam(query.examId),
      repository.room(query.roomId),
      sessionId === null ? null : repository.session(query.examId, sessionId),
      repository.candidates(query.examId, query.roomId, sessionId),
    ]);
    if (session === undefined) throw notFound('examSession', sessionId!);
    // A session's documents: its window, its name beside the room's.
    const window = session ?? exam;
    return {
      exam: { name: exam.name, startAt: window.start_at, endAt: window.end_at },
      room: {
        name: session ? `${room.name} · ${session.name}` : room.name,
        venueName: room.venue_name,
      },
      printedAt: nowIso(),
      candidates: candidates.map((row) => ({
        seat: row.seat_number,
        name: row.name,
        ticketNumber: row.ticket_number,
        maskedId: maskIdNumber(row.id_number),
        hasPhoto: row.photo !== '',
        photo: row.photo,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
        attemptId: row.attempt_id,
      })),
    };
  }

  private async recordFacts(
    query: RoomDocumentQuery,
    auth: AuthContext,
    language: MessageLanguage,
  ): Promise<RoomRecordFacts> {
    const base = await this.facts(query, auth);
    const repository = new RoomDocumentsRepository(this.db);
    const attemptIds = base.candidates.flatMap((c) => (c.attemptId === null ? [] : [c.attemptId]));
    const irregularities = new IrregularityRepository(this.db);
    const [invigilators, pauses, events, records] = await Promise.all([
      repository.invigilators(query.examId, query.roomId, query.sessionId ?? null),
      repository.pauses(attemptIds),
      repository.eventSummary(attemptIds),
      irregularities.list(query.examId, [query.roomId]),
    ]);
    const types = wordsIn(PROCTOR_EXPORT_TEXTS, language).types;
    return {
      ...base,
      invigilators: invigilators.map((row) => person(row.nick_name, row.name)),
      pauses: pauses.map((row) => ({
        name: row.name,
        ticketNumber: row.ticket_number,
        startedAt: row.started_at,
        minutes:
          row.ended_at === null
            ? null
            : Math.round((Date.parse(row.ended_at) - Date.parse(row.started_at)) / 6_000) / 10,
        reason: row.reason,
        by: person(row.by_nick, row.by_name),
      })),
      irregularities: irregularityViews(
        [...records].reverse(),
        await irregularities.candidatesOf(records.map((row) => row.id)),
      ),
      events: events.map((row) => ({
        label: types[row.type] ?? row.type,
        count: Number(row.count),
        attempts: Number(row.attempts),
      })),
    };
  }

  /** One of the PDFs, with its file names. */
  async pdf(
    kind: RoomDocument,
    query: RoomDocumentQuery,
    auth: AuthContext,
    language: MessageLanguage,
  ) {
    const words = wordsIn(ROOM_DOCUMENT_TEXTS, language);
    let buffer: Buffer;
    let title: string;
    if (kind === 'roomRecord') {
      const facts = await this.recordFacts(query, auth, language);
      buffer = await roomRecordPdf(facts, language);
      title = `${facts.room.name}-${words.recordTitle}`;
    } else {
      const facts = await this.facts(query, auth);
      buffer =
        kind === 'signInSheet'
          ? await signInSheetPdf(await this.withPhotos(facts), language)
          : await doorListPdf(facts, language);
      title = `${facts.room.name}-${kind === 'signInSheet' ? words.signInTitle : words.doorListTitle}`;
    }
    const english = `exam-${query.examId}-room-${query.roomId}${sessionPart(query)}-${kind}`;
    return { buffer, fileName: `${title}.pdf`, asciiName: `${english}.pdf` };
  }

  /** The candidates' registered photos, read together. */
  private async withPhotos(facts: RoomFacts): Promise<RoomFacts> {
    const images = await this.files.printableImages(facts.candidates.map((c) => c.photo));
    return {
      ...facts,
      candidates: facts.candidates.map((c, index) => ({ ...c, photoImage: images[index] })),
    };
  }

  /** The room record as .xlsx: one sheet per part, headers in the caller's language. */
  async recordXlsx(query: RoomDocumentQuery, auth: AuthContext, language: MessageLanguage) {
    const facts = await this.recordFacts(query, auth, language);
    const words = wordsIn(ROOM_DOCUMENT_TEXTS, language);
    const rows = roomRecordRows(facts, language);
    return writeExport(
      {
        local: `${facts.room.name}-${words.fileName}`,
        english: `exam-${query.examId}-room-${query.roomId}${sessionPart(query)}-record`,
      },
      async (workbook) => {
        const summary = workbook.addWorksheet(words.recordTitle);
        summary.columns = [{ width: 18 }, { width: 80 }];
        for (const [label, value] of [
          [words.exam, facts.exam.name],
          [words.venueRoom, `${facts.room.venueName} / ${facts.room.name}`],
          [words.invigilators, rows.invigilators],
          [words.times, rows.times],
          [words.attendance, rows.attendance],
        ]) {
          summary.addRow([label, value]).commit();
        }
        summary.commit();
        const sheet = (name: string, header: string[], body: string[][]) => {
          const worksheet = workbook.addWorksheet(name);
          worksheet.columns = header.map(() => ({ width: 22 }));
          const head = worksheet.addRow(header);
          styleHeader(head);
          head.commit();
          for (const row of body) worksheet.addRow(row).commit();
          worksheet.commit();
        };
        sheet(
          words.signInTitle,
          [words.seat, words.name, words.ticket, words.idNumber],
          facts.candidates.map((c) => [String(c.seat ?? ''), c.name, c.ticketNumber, c.maskedId]),
        );
        sheet(words.pauses, words.pauseColumns, rows.pauses);
        sheet(words.irregularities, words.irregularityColumns, rows.irregularities);
        sheet(words.integrity, words.integrityColumns, rows.integrity);
      },
    );
  }
}

/** The session in an ASCII file name ('' without one). */
function sessionPart(query: RoomDocumentQuery): string {
  return query.sessionId === undefined ? '' : `-session-${query.sessionId}`;
}
