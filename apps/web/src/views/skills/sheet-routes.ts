/** Where the scoring sheet screens live, and their TanStack Query keys. */
export const SHEET_LIST_PATH = '/skills/sheetManage';
export const SHEET_EDIT_PATH = '/skills/sheetEdit';

export const sheetKeys = {
  all: ['skillSheet'] as const,
  list: ['skillSheet', 'list'] as const,
  one: (id: number) => ['skillSheet', 'one', id] as const,
  points: (subjectId: number, level: number) => ['skillSheet', 'points', subjectId, level] as const,
};
