import type { Messages } from './types';

/**
 * A language's messages from the files of its folder, each a namespace named after its file
 * (`./exam.ts` → `exam`), as a folder's `import.meta.glob` of them answers.
 */
export function messagesFromFiles(files: Record<string, Messages[keyof Messages]>): Messages {
  return Object.fromEntries(
    Object.entries(files).map(([file, namespace]) => [file.slice(2, -3), namespace]),
  ) as Messages;
}
