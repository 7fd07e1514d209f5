import { PAGE_LIMIT_DEFAULT, type ListResult } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Grid, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  queryAfterDelete,
  resetQuery,
  searchQuery,
  sortableColumn,
  type ListQuery,
} from './list-page';
import { useTablePagination } from './pagination';
import { TABLE_SCROLL } from './responsive';
import { sameQuery } from './search-params';
import { applySorter, type DefaultSort } from './sorting';

/** How every table of the app looks: denser on small screens, scrolling sideways when narrow. */
export function useTableLook(emptyText: string) {
  const screens = Grid.useBreakpoint();
  return {
    size: screens.md ? ('medium' as const) : ('small' as const),
    scroll: TABLE_SCROLL,
    locale: { emptyText },
  };
}

interface ListPageOptions<Row, Q, F extends string> {
  /** The list's cache key; the query is added to it. */
  queryKey: readonly unknown[];
  fetchList: (query: Q) => Promise<ListResult<Row>>;
  /** The fields the server may order by (a *_ORDER_FIELDS); none: no column is sortable. */
  orderFields?: readonly F[];
  /** How the server orders when the query names nothing, shown on its column. */
  defaultSort?: DefaultSort<F>;
  /** Whether the reset button keeps the ordering chosen on a column. */
  resetKeepsOrdering?: boolean;
  rowKey?: TableProps<Row>['rowKey'];
  /** Filters the list starts with (e.g. from the address of a link to it). */
  initialFilters?: Partial<Q>;
}

/**
 * A server-paged list screen: its query (page, size, ordering, filters), the rows, the search
 * bar's search and reset, sortable columns, the table's props and the page after a delete.
 * The screen keeps its columns, filters and actions.
 */
export function useListPage<Row extends object, Q extends ListQuery<F>, F extends string = never>({
  queryKey,
  fetchList,
  orderFields,
  defaultSort,
  resetKeepsOrdering = false,
  rowKey = 'id',
  initialFilters,
}: ListPageOptions<Row, Q, F>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<Q>(
    () => ({ ...initialFilters, page: 1, limit: PAGE_LIMIT_DEFAULT }) as Q,
  );
  const list = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchList(query),
    placeholderData: keepPreviousData,
  });
  const pagination = useTablePagination(query, list.data?.total, setQuery);
  const look = useTableLook(t('common.noData'));

  /** Searching again for the same thing reloads the rows (they may have changed meanwhile). */
  const search = (filters: Partial<Q>) => {
    const next = searchQuery(query, filters);
    if (sameQuery(next, query)) void list.refetch();
    else setQuery(next);
  };

  const reset = () => setQuery(resetQuery(query, resetKeepsOrdering));

  const sortable = (field: F) => sortableColumn(query, field, defaultSort);

  // Counted when the delete was asked for: by the time it succeeds the rows may be reloaded.
  const rowsOnPage = list.data?.list.length ?? 0;
  const afterDelete = () => setQuery((current) => queryAfterDelete(current, rowsOnPage));

  const tableProps: TableProps<Row> = {
    rowKey,
    ...look,
    dataSource: list.data?.list,
    loading: list.isFetching,
    pagination,
    onChange: orderFields
      ? (_pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            setQuery((current) => applySorter(current, sorter, orderFields));
          }
        }
      : undefined,
  };

  return { query, setQuery, list, search, reset, sortable, tableProps, afterDelete };
}
