import {
  SKILL_SHEET_PDF_TEXTS,
  type CandidateSheetsView,
  type MessageLanguage,
  type ScoringView,
  wordsIn,
} from '@kaoshi/shared';
import { A4_HEIGHT, A4_WIDTH, newCjkPdf } from '../../lib/pdf.js';

/** Everything the printed 评分记录表 shows besides the sheets themselves. */
export interface SheetPdfFacts {
  assessmentName: string;
  place: string;
  sheets: CandidateSheetsView;
  /** The assessment's chief examiner and score checker, by name. */
  chiefName: string;
  checkerName: string;
  photos: { examinerName: string; fileName: string; itemName: string; takenAt: string }[];
}

const MARGIN = 36;
const WIDTH = A4_WIDTH - 2 * MARGIN;
const BOTTOM = A4_HEIGHT - MARGIN;
const INK = '#1f2d3d';
const GREY = '#666';
const RED = '#b42318';
const RULE = '#9aa5b1';
const PAD = 3;

/** An instant as the server's clock reads it (its time zone, TZ), to the minute. */
export const localMinute = (iso: string) => {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
};

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

interface Cell {
  text: string;
  /** A smaller grey line under the text (criteria, a note). */
  sub?: string;
  color?: string;
}

/**
 * The filled scoring sheet of one candidate as a printable A4 PDF: the items with every
 * examiner's points side by side, vetoes, overtime, notes, the final score, who signed and when,
 * and the photos' list. Labels in `language`; the sheet's own words as written.
 */
export async function sheetPdf(facts: SheetPdfFacts, language: MessageLanguage): Promise<Buffer> {
  const words = wordsIn(SKILL_SHEET_PDF_TEXTS, language);
  const { sheets } = facts;
  const { candidate, sheet } = sheets;
  const { doc, done } = await newCjkPdf({
    margin: MARGIN,
    info: {
      Title: `${words.title} ${candidate.ticketNumber}`,
      Subject: candidate.ticketNumber,
      Creator: 'Kaoshi',
    },
  });
  let y = MARGIN;
  const ensure = (height: number) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = MARGIN;
  };
  const line = (text: string, size: number, color = INK, x = MARGIN, width = WIDTH) => {
    doc.fontSize(size);
    const height = doc.heightOfString(text, { width });
    ensure(height);
    doc.fillColor(color).text(text, x, y, { width });
    y += height + 2;
  };

  doc.fontSize(16);
  doc.fillColor(INK).text(words.title, MARGIN, y, { width: WIDTH, align: 'center' });
  y += 24;
  doc.fontSize(11).text(sheet.name, MARGIN, y, { width: WIDTH, align: 'center' });
  y += 20;
  line(`${words.assessment}: ${facts.assessmentName}`, 9.5);
  line(
    `${words.candidate}: ${candidate.name}    ${words.ticket}: ${candidate.ticketNumber}    ${words.station}: ${facts.place} #${candidate.station}`,
    9.5,
  );
  const rule =
    sheet.overtimePointsPerMinute > 0
      ? `    ${fill(words.overtimeRule, { points: sheet.overtimePointsPerMinute, stop: sheet.overtimeStopMinutes })}`
      : '';
  line(`${words.timeLimit}: ${sheet.timeLimitMinutes} ${words.minutes}${rule}`, 9.5);
  y += 6;

  // The table: item (what and criteria), points, then one column per examiner.
  const examiners = sheets.sheets;
  const examinerWidth = Math.min(90, (WIDTH * 0.5) / Math.max(examiners.length, 1));
  const pointsWidth = 48;
  const itemWidth = WIDTH - pointsWidth - examinerWidth * examiners.length;
  const widths = [itemWidth, pointsWidth, ...examiners.map(() => examinerWidth)];

  const cellHeight = (cell: Cell, width: number) => {
    doc.fontSize(8.5);
    let height = doc.heightOfString(cell.text || ' ', { width: width - 2 * PAD });
    if (cell.sub) {
      doc.fontSize(7);
      height += doc.heightOfString(cell.sub, { width: width - 2 * PAD }) + 1;
    }
    return height + 2 * PAD;
  };
  const row = (cells: Cell[], shade?: string) => {
    const height = Math.max(...cells.map((cell, i) => cellHeight(cell, widths[i]!)));
    ensure(height);
    let x = MARGIN;
    if (shade) doc.rect(MARGIN, y, WIDTH, height).fill(shade);
    cells.forEach((cell, i) => {
      const width = widths[i]!;
      doc.lineWidth(0.4).strokeColor(RULE).rect(x, y, width, height).stroke();
      doc
        .fontSize(8.5)
        .fillColor(cell.color ?? INK)
        .text(cell.text, x + PAD, y + PAD, { width: width - 2 * PAD });
      if (cell.sub) {
        doc
          .fontSize(7)
          .fillColor(GREY)
          .text(cell.sub, x + PAD, doc.y + 1, { width: width - 2 * PAD });
      }
      x += width;
    });
    y += height;
  };
  const scoreOf = (sheetOf: ScoringView, itemId: number) =>
    sheetOf.scores.find((s) => s.itemId === itemId);

  row(
    [
      { text: `${words.item} / ${words.criteria}` },
      { text: words.points },
      ...examiners.map((e) => ({ text: `${words.examiner}\n${e.examinerName}` })),
    ],
    '#eef1f5',
  );
  for (const task of sheet.tasks) {
    const title = { text: `${words.task}: ${task.title}` };
    row([title, { text: '' }, ...examiners.map(() => ({ text: '' }))], '#f7f8fa');
    for (const item of task.items) {
      const points: Cell = item.veto
        ? { text: words.veto, color: RED }
        : { text: item.mode === 'deduct' ? `${item.points} (${words.deduct})` : `${item.points}` };
      row([
        { text: item.what, sub: item.criteria, color: item.veto ? RED : INK },
        points,
        ...examiners.map((e): Cell => {
          const score = scoreOf(e, item.id);
          const note = score?.note ? `${words.notes}: ${score.note}` : undefined;
          if (item.veto) {
            return score?.vetoHit
              ? { text: words.vetoHit, color: RED, sub: note }
              : { text: '—', sub: note };
          }
          const given = score?.points ?? null;
          // A deduction shows its sign; nothing deducted reads 0, not "−0" (as on the screen).
          const text =
            given === null ? '—' : item.mode === 'deduct' && given > 0 ? `−${given}` : `${given}`;
          return { text, sub: note };
        }),
      ]);
    }
  }
  row([
    { text: words.overtime },
    { text: '' },
    ...examiners.map((e) => ({ text: String(e.timer.overtimeMinutes) })),
  ]);
  row(
    [
      { text: words.total },
      { text: String(sheet.fullScore) },
      ...examiners.map((e): Cell =>
        e.vetoHit
          ? { text: `0 (${words.vetoHit})`, color: RED }
          : { text: e.total === null ? '—' : String(e.total) },
      ),
    ],
    '#eef1f5',
  );
  row([
    { text: words.signedAt },
    { text: '' },
    ...examiners.map((e): Cell =>
      e.signedAt
        ? { text: localMinute(e.signedAt) }
        : {
            text: e.reopenedAt ? words.reopened : words.notSigned,
            color: RED,
            sub: e.reopenReason ?? undefined,
          },
    ),
  ]);
  y += 12;

  const final = candidate.finalVeto
    ? `0 (${words.vetoHit})`
    : candidate.finalScore === null
      ? words.pending
      : `${candidate.finalScore} / ${sheet.fullScore}`;
  line(`${words.finalScore}: ${final}`, 13, candidate.finalVeto ? RED : INK);
  if (sheets.decisionReason) {
    line(`${words.decision}: ${sheets.decisionReason}`, 9.5);
  }
  y += 8;
  const signer = (label: string, name: string, at: string | null) =>
    line(
      `${label}: ${name || '—'}    ${words.signedAt}: ${at ? localMinute(at) : words.notSigned}`,
      9.5,
    );
  for (const e of examiners) signer(words.examiner, e.examinerName, e.signedAt);
  signer(words.chief, facts.chiefName, sheets.decidedAt);
  signer(words.checker, facts.checkerName, sheets.checkedAt);
  y += 8;

  line(words.photos, 11);
  if (facts.photos.length === 0) line(words.noPhotos, 9, GREY);
  for (const photo of facts.photos) {
    const item = photo.itemName ? `  (${photo.itemName})` : '';
    line(`${localMinute(photo.takenAt)}  ${photo.examinerName}  ${photo.fileName}${item}`, 9);
  }
  doc.end();
  return done;
}
