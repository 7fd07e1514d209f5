import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The rows chosen in a list by their numeric ids, kept across pages and filters, and the table's
 * rowSelection that shows and changes them.
 */
export function useRowSelection<Row extends { id: number }>() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const rowSelection: TableProps<Row>['rowSelection'] = {
    selectedRowKeys: selected,
    preserveSelectedRowKeys: true,
    onChange: (keys) => setSelected(keys.map(Number)),
    // antd names its checkboxes in English whatever the locale ("Select all", "Select row 1").
    getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAllRows') }),
    getCheckboxProps: (row) => ({ 'aria-label': t('common.selectRow', { id: row.id }) }),
  };
  return { selected, setSelected, rowSelection };
}
