/** The ordering part of a list query: a whitelisted field and a direction (see *_ORDER_FIELDS). */
export interface SortQuery<F extends string> {
  orderBy?: F;
  order?: 'asc' | 'desc';
}

/** The server's ordering when the query names none (what a list's repository falls back to). */
export interface DefaultSort<F extends string> {
  orderBy: F;
  order: 'asc' | 'desc';
}

/** What antd's Table reports of a column's sorter (a SorterResult, or one per sorted column). */
export interface ColumnSorter {
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/**
 * The arrow a column shows: the query's ordering, or the server's default when the query has
 * none, so the table always tells how its rows are ordered. With no fallback only the query's
 * ordering shows.
 */
export function columnSortOrder<F extends string>(
  query: SortQuery<F>,
  field: F,
  fallback?: DefaultSort<F>,
): 'ascend' | 'descend' | null {
  const orderBy = query.orderBy ?? fallback?.orderBy;
  if (orderBy !== field) return null;
  const order = query.order ?? (query.orderBy ? 'asc' : fallback?.order);
  return order === 'asc' ? 'ascend' : 'descend';
}

/**
 * The query after a click on a column's sorter: ordered by that column (page 1, since the rows
 * of every page change), or the server's default when the sorter was cleared. Columns whose key
 * is not one of `fields` are ignored.
 */
export function applySorter<F extends string, Q extends SortQuery<F> & { page: number }>(
  current: Q,
  sorter: ColumnSorter | ColumnSorter[],
  fields: readonly F[],
): Q {
  const active = (Array.isArray(sorter) ? sorter : [sorter]).find((entry) => entry.order);
  const { orderBy: _orderBy, order: _order, ...rest } = current;
  if (!active) return { ...rest, page: 1 } as Q;
  const key = String(active.columnKey);
  if (!(fields as readonly string[]).includes(key)) return current;
  return {
    ...rest,
    page: 1,
    orderBy: key as F,
    order: active.order === 'ascend' ? 'asc' : 'desc',
  } as Q;
}
