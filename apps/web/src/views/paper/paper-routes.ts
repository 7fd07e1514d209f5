/** Where the paper screens live, and their TanStack Query keys (the prefix invalidates all). */
export const PAPER_LIST_PATH = '/examPublishManage/examManage';
export const PAPER_EDIT_PATH = '/examPublishManage/paperEdit';
export const PAPER_PRINT_PATH = '/examPublishManage/paperPrint';

export const paperKeys = {
  all: ['paper'] as const,
  list: ['paper', 'list'] as const,
  one: (id: number) => ['paper', 'one', id] as const,
};
