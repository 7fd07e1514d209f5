import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, changePage, type PageQuery } from './search-params';

/**
 * The pagination of a server-paged table: page sizes, total, and docs/spec.md §5's page rules
 * (a new page size starts again at page 1).
 */
export function useTablePagination<Q extends PageQuery>(
  query: Q,
  total: number | undefined,
  setQuery: (update: (current: Q) => Q) => void,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: query.page,
    pageSize: query.limit,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (count) => t('common.total', { count }),
    onChange: (page, pageSize) => setQuery((current) => changePage(current, page, pageSize)),
  };
}
