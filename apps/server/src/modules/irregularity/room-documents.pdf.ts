import {
  ROOM_DOCUMENT_TEXTS,
  wordsIn,
  type IrregularityView,
  type MessageLanguage,
} from '@kaoshi/shared';
import { A4_HEIGHT, A4_WIDTH, newCjkPdf } from '../../lib/pdf.js';

/** What every room document heads with and lists. */
export interface RoomFacts {
  exam: { name: string; startAt: string; endAt: string };
  room: { name: string; venueName: string };
  printedAt: string;
  candidates: {
    seat: number | null;
    name: string;
    ticketNumber: string;
    maskedId: string;
    hasPhoto: boolean;
    /** The registered photo's address (files module); '' none. */
    photo: string;
    /** The registered photo's bytes (JPEG or PNG), read for the sign-in sheet only. */
    photoImage?: Buffer;
    startedAt: string | null;
    finishedAt: string | null;
    attemptId: number | null;
  }[];
}

/** The room record's further facts. */
export interface RoomRecordFacts extends RoomFacts {
  invigilators: string[];
  pauses: {
    name: string;
    ticketNumber: string;
    startedAt: string;
    minutes: number | null;
    reason: string;
    by: string;
  }[];
  irregularities: IrregularityView[];
  events: { label: string; count: number; attempts: number }[];
}

const MARGIN = 40;
const WIDTH = A4_WIDTH - 2 * MARGIN;
const BOTTOM = A4_HEIGHT - MARGIN;
const INK = '#1f2d3d';
const GREY = '#666';
const RULE = '#9aa5b1';
const PAD = 4;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** An instant on the server's clock (its TZ), to the minute. */
export const localMinute = (iso: string) => {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
};

type Doc = PDFKit.PDFDocument;

/** The title block every room document starts with. */
function heading(doc: Doc, title: string, facts: RoomFacts, language: MessageLanguage) {
  const words = wordsIn(ROOM_DOCUMENT_TEXTS, language);
  doc.fillColor(INK).fontSize(16).text(title, MARGIN, MARGIN, { width: WIDTH, align: 'center' });
  doc.moveDown(0.4).fontSize(9.5).fillColor(GREY);
  const lines = [
    `${words.exam}：${facts.exam.name}`,
    `${words.venueRoom}：${facts.room.venueName} / ${facts.room.name}`,
    `${words.window}：${localMinute(facts.exam.startAt)} – ${localMinute(facts.exam.endAt)}\u3000${words.printedAt}：${localMinute(facts.printedAt)}`,
  ];
  for (const line of lines) doc.text(line, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.6);
}

/**
 * A table with a header row; rows taller than the page left start a new page and repeat the
 * header. `height`: a fixed row height (signature boxes), else each row's text decides.
 */
function table(
  doc: Doc,
  columns: { title: string; width: number }[],
  rows: string[][],
  options: {
    height?: number;
    fontSize?: number;
    photoColumn?: number;
    /** Per row: an empty photo frame, labelled, in the photo column (no registered photo). */
    photoFrames?: (string | null)[];
    /** Per row: the registered photo to print in the photo column. */
    photoImages?: (Buffer | undefined)[];
  } = {},
) {
  const size = options.fontSize ?? 9.5;
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * WIDTH);
  const rowHeight = (cells: string[]) =>
    options.height ??
    Math.max(
      ...cells.map((cell, i) =>
        doc.fontSize(size).heightOfString(cell, { width: widths[i]! - 2 * PAD }),
      ),
    ) +
      2 * PAD;
  const draw = (cells: string[], header: boolean, frame: string | null = null, image?: Buffer) => {
    const height = header ? doc.fontSize(size).currentLineHeight() + 2 * PAD + 2 : rowHeight(cells);
    if (doc.y + height > BOTTOM) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const width = widths[i]!;
      if (header) doc.rect(x, top, width, height).fillAndStroke('#eef2f6', RULE);
      else doc.rect(x, top, width, height).stroke(RULE);
      doc
        .fillColor(header ? INK : i === options.photoColumn ? GREY : INK)
        .fontSize(size)
        .text(cell, x + PAD, top + PAD, { width: width - 2 * PAD, height: height - 2 * PAD });
      if (i === options.photoColumn && image) photo(doc, x, top, width, height, image);
      else if (frame !== null && i === options.photoColumn)
        photoFrame(doc, x, top, width, height, frame);
      x += width;
    });
    doc.x = MARGIN;
    doc.y = top + height;
    return top;
  };
  doc.lineWidth(0.6);
  draw(
    columns.map((column) => column.title),
    true,
  );
  rows.forEach((row, index) => {
    if (doc.y + rowHeight(row) > BOTTOM) {
      doc.addPage();
      draw(
        columns.map((column) => column.title),
        true,
      );
    }
    draw(row, false, options.photoFrames?.[index] ?? null, options.photoImages?.[index]);
  });
  doc.moveDown(0.6);
}

/**
 * An empty ID-photo frame (3:4, dashed) centred in a cell, with its label inside: the
 * invigilator glues the candidate's photo there.
 */
function photoFrame(
  doc: Doc,
  x: number,
  top: number,
  width: number,
  height: number,
  label: string,
) {
  const frameHeight = height - 2 * PAD;
  const frameWidth = Math.min(width - 2 * PAD, (frameHeight * 3) / 4);
  const left = x + (width - frameWidth) / 2;
  doc
    .save()
    .dash(2, { space: 2 })
    .rect(left, top + PAD, frameWidth, frameHeight)
    .stroke(GREY);
  doc.restore();
  doc
    .fillColor(GREY)
    .fontSize(6.5)
    .text(label, left + 1, top + PAD + frameHeight / 2 - 8, {
      width: frameWidth - 2,
      align: 'center',
    });
}

/** The registered photo, fitted and centred in its cell (the invigilator compares the face). */
function photo(doc: Doc, x: number, top: number, width: number, height: number, image: Buffer) {
  doc.image(image, x + PAD, top + PAD, {
    fit: [width - 2 * PAD, height - 2 * PAD],
    align: 'center',
    valign: 'center',
  });
}

function section(doc: Doc, title: string) {
  if (doc.y + 60 > BOTTOM) doc.addPage();
  doc.fillColor(INK).fontSize(11.5).text(title, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.25);
}

/** 签到表: photo, name, ticket, seat and a signature box per candidate, in seat order. */
export async function signInSheetPdf(facts: RoomFacts, language: MessageLanguage) {
  const words = wordsIn(ROOM_DOCUMENT_TEXTS, language);
  const { doc, done } = await newCjkPdf({
    margin: MARGIN,
    info: { Title: `${words.signInTitle} ${facts.room.name}` },
  });
  heading(doc, words.signInTitle, facts, language);
  table(
    doc,
    [
      { title: words.seat, width: 10 },
      { title: words.photo, width: 14 },
      { title: words.name, width: 20 },
      { title: words.ticket, width: 22 },
      { title: words.signature, width: 34 },
    ],
    facts.candidates.map((c) => [
      c.seat === null ? '' : String(c.seat),
      '',
      c.name,
      c.ticketNumber,
      '',
    ]),
    {
      height: 52,
      fontSize: 10,
      photoColumn: 1,
      // The registered photo, to compare at the door; a candidate without one glues it here.
      photoImages: facts.candidates.map((c) => c.photoImage),
      photoFrames: facts.candidates.map((c) => (c.photoImage ? null : words.affixPhoto)),
    },
  );
  signatures(doc, [words.invigilatorSignature]);
  doc.end();
  return done;
}

/** The door list: seat order, name, ticket and masked ID number, to post at the room's door. */
export async function doorListPdf(facts: RoomFacts, language: MessageLanguage) {
  const words = wordsIn(ROOM_DOCUMENT_TEXTS, language);
  const { doc, done } = await newCjkPdf({
    margin: MARGIN,
    info: { Title: `${words.doorListTitle} ${facts.room.name}` },
  });
  heading(doc, words.doorListTitle, facts, language);
  table(
    doc,
    [
      { title: words.seat, width: 12 },
      { title: words.name, width: 26 },
      { title: words.ticket, width: 28 },
      { title: words.idNumber, width: 34 },
    ],
    facts.candidates.map((c) => [
      c.seat === null ? '' : String(c.seat),
      c.name,
      c.ticketNumber,
      c.maskedId,
    ]),
    { fontSize: 11 },
  );
  doc.end();
  return done;
}

function signatures(doc: Doc, labels: string[]) {
  if (doc.y + 50 > BOTTOM) doc.addPage();
  doc.moveDown(1);
  const y = doc.y + 20;
  const width = WIDTH / labels.length;
  labels.forEach((label, i) => {
    const x = MARGIN + i * width;
    doc
      .fillColor(INK)
      .fontSize(10)
      .text(`${label}：`, x, y - 14, { width: width - 10 });
    doc
      .moveTo(x, y + 14)
      .lineTo(x + width - 20, y + 14)
      .stroke(RULE);
  });
  doc.x = MARGIN;
  doc.y = y + 24;
}

/** 考场记录: invigilators, times, attendance, pauses, irregularities, integrity events, signatures. */
export async function roomRecordPdf(facts: RoomRecordFacts, language: MessageLanguage) {
  const words = wordsIn(ROOM_DOCUMENT_TEXTS, language);
  const { doc, done } = await newCjkPdf({
    margin: MARGIN,
    info: { Title: `${words.recordTitle} ${facts.room.name}` },
  });
  heading(doc, words.recordTitle, facts, language);
  const rows = roomRecordRows(facts, language);
  section(doc, words.invigilators);
  doc
    .fontSize(10)
    .fillColor(INK)
    .text(rows.invigilators || words.none, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.5);
  section(doc, words.times);
  doc.fontSize(10).text(rows.times, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.5);
  section(doc, words.attendance);
  doc.fontSize(10).text(rows.attendance, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.5);
  const listed = (title: string, columns: string[], widths: number[], body: string[][]) => {
    section(doc, title);
    if (body.length === 0) {
      doc.fontSize(10).fillColor(GREY).text(words.none, MARGIN, doc.y, { width: WIDTH });
      doc.moveDown(0.5);
      return;
    }
    table(
      doc,
      columns.map((column, i) => ({ title: column, width: widths[i]! })),
      body,
      { fontSize: 9 },
    );
  };
  listed(words.pauses, words.pauseColumns, [22, 18, 10, 32, 18], rows.pauses);
  listed(
    words.irregularities,
    words.irregularityColumns,
    [14, 11, 12, 21, 28, 14],
    rows.irregularities,
  );
  listed(words.integrity, words.integrityColumns, [50, 25, 25], rows.integrity);
  signatures(doc, [words.invigilatorSignature, words.chiefSignature]);
  doc.end();
  return done;
}

/** The room record's lines, shared by the PDF and the .xlsx. */
export function roomRecordRows(facts: RoomRecordFacts, language: MessageLanguage) {
  const words = wordsIn(ROOM_DOCUMENT_TEXTS, language);
  const started = facts.candidates.filter((c) => c.startedAt !== null);
  const firstStart = started.map((c) => c.startedAt!).sort()[0];
  const lastEnd = facts.candidates
    .flatMap((c) => (c.finishedAt === null ? [] : [c.finishedAt]))
    .sort()
    .at(-1);
  const times = [
    `${words.window}：${localMinute(facts.exam.startAt)} – ${localMinute(facts.exam.endAt)}`,
    firstStart ? `▶ ${localMinute(firstStart)}` : '',
    lastEnd ? `■ ${localMinute(lastEnd)}` : '',
  ]
    .filter(Boolean)
    .join('\u3000');
  return {
    invigilators: facts.invigilators.join('、'),
    times,
    attendance: fill(words.attendanceLine, {
      seated: facts.candidates.length,
      started: started.length,
      submitted: facts.candidates.filter((c) => c.finishedAt !== null).length,
      absent: facts.candidates.length - started.length,
    }),
    pauses: facts.pauses.map((p) => [
      `${p.name} (${p.ticketNumber})`,
      localMinute(p.startedAt),
      p.minutes === null ? '…' : `${p.minutes} ${words.minutes}`,
      p.reason,
      p.by,
    ]),
    irregularities: facts.irregularities.map((r) => [
      localMinute(r.recordedAt),
      words.categories[r.category],
      words.actions[r.action] +
        (r.reversedAt
          ? `（${words.reversed} ${localMinute(r.reversedAt)} ${r.reversedBy ?? ''}）`
          : ''),
      r.candidates.map((c) => `${c.name} (${c.ticketNumber})`).join('、'),
      r.action === 'terminate' ? `${r.note}\n${r.reason}` : r.note,
      r.recordedBy,
    ]),
    integrity: facts.events.map((e) => [e.label, String(e.count), String(e.attempts)]),
  };
}
