/** Where the paper screens live, and their TanStack Query keys (a prefix invalidates all below it). */
export const PAPER_LIST_PATH = '/examPublishManage/examManage';
export const PAPER_EDIT_PATH = '/examPublishManage/paperEdit';
export const PAPER_PRINT_PATH = '/examPublishManage/paperPrint';

export const paperKeys = {
  all: ['paper'] as const,
  list: ['paper', 'list'] as const,
  one: (id: number) => ['paper', 'one', id] as const,
};

export const instructionKeys = {
  all: ['instruction'] as const,
  list: ['instruction', 'list'] as const,
};
