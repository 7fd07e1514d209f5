import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

export interface SearchMatch {
  from: number;
  to: number;
}

/**
 * Lower-cases one UTF-16 unit at a time so indexes in the folded text are indexes in the original
 * ('İ'.toLowerCase() is two units long and would shift every match after it).
 */
function fold(text: string): string {
  let folded = '';
  for (const unit of text) {
    const lower = unit.toLowerCase();
    folded += lower.length === unit.length ? lower : unit;
  }
  return folded;
}

/** Start offsets of the non-overlapping occurrences of query in text, left to right. */
export function findInText(text: string, query: string, matchCase: boolean): number[] {
  if (!query) return [];
  const haystack = matchCase ? text : fold(text);
  const needle = matchCase ? query : fold(query);
  const starts: number[] = [];
  for (
    let at = haystack.indexOf(needle);
    at >= 0;
    at = haystack.indexOf(needle, at + needle.length)
  ) {
    starts.push(at);
  }
  return starts;
}

/** Stands for an inline node that is not text (a formula, an image, a line break): never matched. */
const OBJECT = '\ufffc';

/**
 * Every match in the document's text blocks, in document order. A match may cross marks (bold in
 * the middle of a word) but never a block boundary or an inline object.
 */
export function findMatches(
  doc: ProseMirrorNode,
  query: string,
  matchCase: boolean,
): SearchMatch[] {
  const matches: SearchMatch[] = [];
  if (!query) return matches;
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    let text = '';
    node.forEach((child) => {
      text += child.isText ? child.text! : OBJECT.repeat(child.nodeSize);
    });
    // Inside a text block every character and every inline leaf is one position wide.
    const start = pos + 1;
    for (const at of findInText(text, query, matchCase)) {
      matches.push({ from: start + at, to: start + at + query.length });
    }
    return false;
  });
  return matches;
}

/** The match to show first: the first one at or after the cursor, wrapping to the start. */
export function matchIndexFrom(matches: readonly SearchMatch[], position: number): number {
  if (matches.length === 0) return -1;
  const index = matches.findIndex((match) => match.from >= position);
  return index < 0 ? 0 : index;
}

/** The next (step 1) or previous (step -1) match index, wrapping around. */
export function stepMatch(count: number, current: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
