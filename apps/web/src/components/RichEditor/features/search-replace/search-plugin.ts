import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, TextSelection, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { findMatches, matchIndexFrom, type SearchMatch } from './search';

export interface SearchState {
  query: string;
  matchCase: boolean;
  matches: SearchMatch[];
  /** Index of the current match, -1 when there is none. */
  current: number;
}

interface SearchMeta {
  query?: string;
  matchCase?: boolean;
  current?: number;
}

export const searchKey = new PluginKey<SearchState>('kaoshiSearchReplace');

const EMPTY: SearchState = { query: '', matchCase: false, matches: [], current: -1 };

// Inline styles rather than a stylesheet: decorations never reach the saved HTML anyway.
const MATCH_STYLE = 'background-color: #ffe58f';
const CURRENT_STYLE = 'background-color: #ff9c6e; outline: 1px solid #fa541c';

export function replaceMatch(tr: Transaction, match: SearchMatch, text: string): Transaction {
  return text ? tr.insertText(text, match.from, match.to) : tr.delete(match.from, match.to);
}

/** Replaces from the last match backwards so earlier positions stay valid. */
export function replaceAllMatches(
  tr: Transaction,
  matches: readonly SearchMatch[],
  text: string,
): Transaction {
  for (let index = matches.length - 1; index >= 0; index--) replaceMatch(tr, matches[index]!, text);
  return tr;
}

export const SearchReplace = Extension.create({
  name: 'kaoshiSearchReplace',

  addProseMirrorPlugins() {
    return [
      new Plugin<SearchState>({
        key: searchKey,
        state: {
          init: () => EMPTY,
          apply(tr, value, _old, state) {
            const meta = tr.getMeta(searchKey) as SearchMeta | undefined;
            if (!meta && !tr.docChanged) return value;
            const query = meta?.query ?? value.query;
            const matchCase = meta?.matchCase ?? value.matchCase;
            const criteriaChanged = query !== value.query || matchCase !== value.matchCase;
            const matches =
              criteriaChanged || tr.docChanged
                ? findMatches(state.doc, query, matchCase)
                : value.matches;
            let current = meta?.current ?? value.current;
            if (criteriaChanged) current = matchIndexFrom(matches, state.selection.from);
            else if (current >= matches.length) current = matches.length - 1;
            if (matches.length > 0 && current < 0) current = 0;
            return { query, matchCase, matches, current };
          },
        },
        props: {
          decorations(state) {
            const search = searchKey.getState(state);
            if (!search?.matches.length) return DecorationSet.empty;
            return DecorationSet.create(
              state.doc,
              search.matches.map((match, index) =>
                Decoration.inline(match.from, match.to, {
                  class:
                    index === search.current
                      ? 'ke-search-match ke-search-current'
                      : 'ke-search-match',
                  style: index === search.current ? CURRENT_STYLE : MATCH_STYLE,
                }),
              ),
            );
          },
        },
      }),
    ];
  },
});

export const getSearch = (editor: Editor): SearchState => searchKey.getState(editor.state) ?? EMPTY;

export function setSearch(editor: Editor, criteria: { query: string; matchCase: boolean }) {
  editor.view.dispatch(editor.state.tr.setMeta(searchKey, criteria));
}

/** Makes a match current, selects it and scrolls it into view. */
export function gotoMatch(editor: Editor, index: number) {
  const match = getSearch(editor).matches[index];
  if (!match) return;
  const tr = editor.state.tr
    .setMeta(searchKey, { current: index })
    .setSelection(TextSelection.create(editor.state.doc, match.from, match.to))
    .scrollIntoView();
  editor.view.dispatch(tr);
}

/** Replaces the current match; the next match (now at the same index) becomes current. */
export function replaceCurrent(editor: Editor, text: string) {
  const { matches, current } = getSearch(editor);
  const match = matches[current];
  if (!match) return;
  editor.view.dispatch(replaceMatch(editor.state.tr, match, text).setMeta(searchKey, { current }));
  const after = getSearch(editor);
  if (after.matches.length > 0) gotoMatch(editor, Math.min(current, after.matches.length - 1));
}

/** Replaces every match in one undoable step; returns how many were replaced. */
export function replaceAll(editor: Editor, text: string): number {
  const { matches } = getSearch(editor);
  if (matches.length === 0) return 0;
  editor.view.dispatch(replaceAllMatches(editor.state.tr, matches, text));
  return matches.length;
}
