import type { TableProps } from 'antd';
import { useState } from 'react';

/**
 * The rows chosen in a list by their numeric ids, kept across pages and filters, and the table's
 * rowSelection that shows and changes them.
 */
export function useRowSelection<Row>() {
  const [selected, setSelected] = useState<number[]>([]);
  const rowSelection: TableProps<Row>['rowSelection'] = {
    selectedRowKeys: selected,
    preserveSelectedRowKeys: true,
    onChange: (keys) => setSelected(keys.map(Number)),
  };
  return { selected, setSelected, rowSelection };
}
