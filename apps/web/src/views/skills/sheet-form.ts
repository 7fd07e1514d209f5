import type { CertLevel, SheetItemMode, SheetView } from '@kaoshi/shared';
import type { SheetBody } from '../../api/skills';

/** An item as the editor's form holds it. */
export interface SheetFormItem {
  what: string;
  criteria: string;
  points?: number | null;
  veto: boolean;
  mode: SheetItemMode;
}

/** The editor's form: the sheet's own fields and its tasks with their items. */
export interface SheetFormValues {
  name: string;
  subjectId?: number;
  level?: CertLevel;
  timeLimitMinutes?: number;
  overtimePointsPerMinute: number;
  overtimeStopMinutes: number;
  step: number;
  tasks: { title: string; knowId?: number | null; items: SheetFormItem[] }[];
}

export const EMPTY_SHEET: SheetFormValues = {
  name: '',
  timeLimitMinutes: 60,
  overtimePointsPerMinute: 0,
  overtimeStopMinutes: 0,
  step: 1,
  tasks: [],
};

/** What an item adds to the full score: a veto item nothing. */
export const itemPoints = (item: SheetFormItem | undefined) =>
  item && !item.veto ? Number(item.points ?? 0) : 0;

/** The full score and counts of what the form holds. */
export function sheetFigures(tasks: SheetFormValues['tasks'] | undefined) {
  const items = (tasks ?? []).flatMap((task) => task?.items ?? []);
  const total = items.reduce((sum, item) => sum + itemPoints(item), 0);
  return {
    fullScore: Math.round(total * 100) / 100,
    tasks: tasks?.length ?? 0,
    items: items.length,
    vetoes: items.filter((item) => item?.veto).length,
  };
}

export const formOfSheet = (sheet: SheetView): SheetFormValues => ({
  name: sheet.name,
  subjectId: sheet.subjectId,
  level: sheet.level,
  timeLimitMinutes: sheet.timeLimitMinutes,
  overtimePointsPerMinute: sheet.overtimePointsPerMinute,
  overtimeStopMinutes: sheet.overtimeStopMinutes,
  step: sheet.step,
  tasks: sheet.tasks.map((task) => ({
    title: task.title,
    knowId: task.knowId,
    items: task.items.map((item) => ({
      what: item.what,
      criteria: item.criteria,
      points: item.points,
      veto: item.veto,
      mode: item.mode,
    })),
  })),
});

/** The body to send, from the validated form. */
export const bodyOfForm = (values: SheetFormValues): SheetBody => ({
  subjectId: values.subjectId!,
  level: values.level!,
  name: values.name,
  timeLimitMinutes: values.timeLimitMinutes!,
  overtimePointsPerMinute: values.overtimePointsPerMinute ?? 0,
  overtimeStopMinutes: values.overtimeStopMinutes ?? 0,
  step: values.step,
  tasks: (values.tasks ?? []).map((task) => ({
    title: task.title,
    knowId: task.knowId ?? null,
    items: (task.items ?? []).map((item) => ({
      what: item.what,
      criteria: item.criteria ?? '',
      points: item.veto ? 0 : Number(item.points ?? 0),
      veto: item.veto,
      mode: item.mode,
    })),
  })),
});
