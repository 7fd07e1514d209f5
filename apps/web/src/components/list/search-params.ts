/** The paging part of a list query (1-based page). */
export interface PageQuery {
  page: number;
  limit: number;
}

export const PAGE_SIZES = [10, 20, 50, 100];

const isFilled = (value: unknown) =>
  value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '');

/** Trims text filters and leaves out empty ones, so that they are not sent at all. */
export function cleanFilters<F extends object>(filters: F): Partial<F> {
  const entries = Object.entries(filters)
    .filter(([, value]) => isFilled(value))
    .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]);
  return Object.fromEntries(entries) as Partial<F>;
}

/**
 * The query after the search button. docs/spec.md §5: the page goes back to 1 when any filter other than
 * page and limit is non-empty; with no filter the current page stays.
 */
export function applySearch<F extends object>(
  current: PageQuery,
  filters: F,
): PageQuery & Partial<F> {
  const cleaned = cleanFilters(filters);
  const page = Object.keys(cleaned).length > 0 ? 1 : current.page;
  return { ...cleaned, page, limit: current.limit };
}

/** The query after the reset button: no filter, first page, same page size. */
export function resetSearch(current: PageQuery): PageQuery {
  return { page: 1, limit: current.limit };
}

/** The query after the pagination changed; a new page size starts again at page 1. */
export function changePage<Q extends PageQuery>(current: Q, page: number, limit: number): Q {
  return { ...current, page: limit === current.limit ? page : 1, limit };
}

/** The page to show after deleting the only row of a page: the one before it. */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}

/** Whether two queries ask for the same thing (then searching again means refetching). */
export function sameQuery(a: object, b: object): boolean {
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = new Map(Object.entries(b).filter(([, value]) => value !== undefined));
  return left.length === right.size && left.every(([key, value]) => right.get(key) === value);
}

/** A list query without its paging: the filters being shown (what an export or a calendar takes). */
export function filtersOf<Q extends PageQuery>(query: Q): Omit<Q, 'page' | 'limit'> {
  const { page: _page, limit: _limit, ...filters } = query;
  return filters;
}
