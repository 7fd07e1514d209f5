import type { AppRoute, RouteTitle } from '../router/types';

/**
 * The navbar's menu search, free of React and of pinyin-pro itself: the pinyin dictionary is
 * a few hundred kilobytes, so HeaderSearch loads it only for Chinese and hands it in.
 */

/** A page the menu search can open. */
export interface MenuEntry {
  path: string;
  /** Translated titles from the outer group down to the page, e.g. ['System', 'Users']. */
  titles: string[];
  /** What the option shows: the titles joined, e.g. 'System / Users'. */
  label: string;
}

export const TITLE_SEPARATOR = ' / ';

/**
 * The pages of a route tree the user may open from the menu: hidden routes (and all below them)
 * are left out, and so are groups without a page of their own, whose titles lead their children's.
 */
export function collectMenuEntries(
  routes: readonly AppRoute[],
  translate: (title: RouteTitle) => string,
  parentTitles: readonly string[] = [],
): MenuEntry[] {
  return routes.flatMap((route) => {
    if (route.hidden) return [];
    const title = route.meta?.title;
    const titles = title ? [...parentTitles, translate(title)] : [...parentTitles];
    const own: MenuEntry[] =
      route.component && title
        ? [{ path: route.path, titles, label: titles.join(TITLE_SEPARATOR) }]
        : [];
    return [...own, ...collectMenuEntries(route.children ?? [], translate, titles)];
  });
}

/** Pinyin of a text, one entry per character (pinyin-pro's `pinyin` with PINYIN_OPTIONS). */
export type PinyinOf = (text: string) => readonly string[];

/** No tones, one syllable per character, ü typed as v (as every pinyin keyboard does). */
export const PINYIN_OPTIONS = { toneType: 'none', type: 'array', v: true } as const;

export interface SearchableEntry extends MenuEntry {
  /** Texts a query may be part of: lowercase, without spaces. */
  texts: string[];
  /** Pinyin syllables of all titles in a row (other letters and digits one by one); empty without pinyin. */
  syllables: string[];
}

const compact = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** Prepares entries for searching; with `pinyinOf` they also match by pinyin. */
export function indexMenuEntries(
  entries: readonly MenuEntry[],
  pinyinOf?: PinyinOf,
): SearchableEntry[] {
  return entries.map((entry) => ({
    ...entry,
    texts: [compact(entry.label), compact(entry.titles.join(''))],
    syllables: pinyinOf
      ? entry.titles.flatMap((title) =>
          pinyinOf(title)
            .map((syllable) => syllable.toLowerCase().replace(/[^a-z0-9]/g, ''))
            .filter(Boolean),
        )
      : [],
  }));
}

/**
 * Whether the query reads as consecutive syllables, each typed in full or only its first
 * letters: '用户管理' (yong hu guan li) is found by 'yonghu', 'yhgl', 'yhguanli', 'guanli', 'gl'.
 */
function matchesSyllables(syllables: readonly string[], query: string): boolean {
  // Failed (query position, syllable) pairs: without them a long query retries the same splits.
  const failed = new Set<number>();
  const consume = (at: number, index: number): boolean => {
    if (at === query.length) return true;
    const syllable = syllables[index];
    if (syllable === undefined) return false;
    const state = at * (syllables.length + 1) + index;
    if (failed.has(state)) return false;
    for (let length = Math.min(syllable.length, query.length - at); length > 0; length -= 1) {
      if (query.startsWith(syllable.slice(0, length), at) && consume(at + length, index + 1)) {
        return true;
      }
    }
    failed.add(state);
    return false;
  };
  return syllables.some((_, start) => consume(0, start));
}

/** Case-insensitive, spaces ignored; an empty query matches everything. */
export function matchesMenuQuery(entry: SearchableEntry, query: string): boolean {
  const needle = compact(query);
  if (!needle) return true;
  if (entry.texts.some((text) => text.includes(needle))) return true;
  return entry.syllables.length > 0 && matchesSyllables(entry.syllables, needle);
}

export function searchMenu(index: readonly SearchableEntry[], query: string): SearchableEntry[] {
  return index.filter((entry) => matchesMenuQuery(entry, query));
}
