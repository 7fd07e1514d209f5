import { applySearch, pageAfterDelete, resetSearch, type PageQuery } from './search-params';
import { columnSortOrder, type DefaultSort, type SortQuery } from './sorting';

/** A list screen's query: paging, an optional column ordering, and its own filters. */
export type ListQuery<F extends string = never> = PageQuery & SortQuery<F>;

/** The ordering a query names, without keys it leaves unset. */
export function orderingOf<F extends string>(query: SortQuery<F>): SortQuery<F> {
  return {
    ...(query.orderBy === undefined ? {} : { orderBy: query.orderBy }),
    ...(query.order === undefined ? {} : { order: query.order }),
  };
}

/**
 * The query after the search button: docs/spec.md §5's page rule (see applySearch). The ordering the
 * user chose on a column is not a filter, so a new search keeps it.
 */
export function searchQuery<Q extends ListQuery<string>>(current: Q, filters: object): Q {
  return { ...applySearch(current, filters), ...orderingOf(current) } as Q;
}

/** The query after the reset button: no filter, page 1, and the ordering only if asked to. */
export function resetQuery<Q extends ListQuery<string>>(current: Q, keepOrdering: boolean): Q {
  return { ...resetSearch(current), ...(keepOrdering ? orderingOf(current) : {}) } as Q;
}

/** The query after deleting a row of a page that showed `rowsOnPage` rows. */
export function queryAfterDelete<Q extends PageQuery>(current: Q, rowsOnPage: number): Q {
  return { ...current, page: pageAfterDelete(current.page, rowsOnPage) };
}

/** What makes a column sortable on the server (its key is the order field). */
export interface SortableColumn<F extends string> {
  key: F;
  sorter: true;
  sortOrder: 'ascend' | 'descend' | null;
  sortDirections?: ('ascend' | 'descend')[];
}

/**
 * The sorter props of a column ordered by `field`. With a server default the table always shows
 * an arrow, so its column has no "unsorted" step; without one a third click clears the ordering.
 */
export function sortableColumn<F extends string>(
  query: SortQuery<F>,
  field: F,
  defaultSort?: DefaultSort<F>,
): SortableColumn<F> {
  return {
    key: field,
    sorter: true,
    sortOrder: columnSortOrder(query, field, defaultSort),
    ...(defaultSort ? { sortDirections: ['ascend', 'descend'] } : {}),
  };
}
