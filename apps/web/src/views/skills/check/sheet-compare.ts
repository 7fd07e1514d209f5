import type { CandidateSheetsView, ScoringView } from '@kaoshi/shared';

/** One examiner's mark on an item: points given (or taken), a veto hit, a note. */
export interface ExaminerMark {
  points: number | null;
  vetoHit: boolean;
  note: string;
}

export interface CompareRow {
  key: string;
  /** A task's title row, or an item's row. */
  kind: 'task' | 'item';
  title: string;
  criteria?: string;
  points?: number;
  veto?: boolean;
  deduct?: boolean;
  marks: ExaminerMark[];
  /** The examiners gave different points, or disagree on the veto. */
  differs: boolean;
}

const markOf = (sheet: ScoringView, itemId: number): ExaminerMark => {
  const score = sheet.scores.find((s) => s.itemId === itemId);
  return {
    points: score?.points ?? null,
    vetoHit: score?.vetoHit ?? false,
    note: score?.note ?? '',
  };
};

/** The items × examiners grid of a candidate, each item flagged when the examiners differ. */
export function compareRows(view: CandidateSheetsView): CompareRow[] {
  const rows: CompareRow[] = [];
  for (const task of view.sheet.tasks) {
    rows.push({ key: `t${task.id}`, kind: 'task', title: task.title, marks: [], differs: false });
    for (const item of task.items) {
      const marks = view.sheets.map((sheet) => markOf(sheet, item.id));
      const differs =
        new Set(marks.map((m) => m.points)).size > 1 ||
        new Set(marks.map((m) => m.vetoHit)).size > 1;
      rows.push({
        key: `i${item.id}`,
        kind: 'item',
        title: item.what,
        criteria: item.criteria,
        points: item.points,
        veto: item.veto,
        deduct: item.mode === 'deduct',
        marks,
        differs,
      });
    }
  }
  return rows;
}

/** The largest difference between two signed totals (0 with fewer than two). */
export function totalsSpread(view: CandidateSheetsView): number {
  const totals = view.sheets.flatMap((s) => (s.total === null ? [] : [s.total]));
  if (totals.length < 2) return 0;
  return Math.round((Math.max(...totals) - Math.min(...totals)) * 100) / 100;
}
