import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { SearchBar, type SearchBarProps } from './SearchBar';

interface ListPageProps<Row extends object, F extends object> {
  /** The search bar: its name, form, and what searching and resetting do. */
  search: Omit<SearchBarProps<F>, 'children'>;
  /** The filters, one Form.Item each, in the order the bar shows them. */
  children: ReactNode;
  addLabel: string;
  onAdd: () => void;
  /** More buttons after the add button. */
  toolbar?: ReactNode;
  /** useListPage's tableProps. */
  table: TableProps<Row>;
  columns: TableColumnsType<Row>;
  /** The screen's dialogs and drawers. */
  dialogs?: ReactNode;
}

/**
 * The frame of a list screen: a card (smaller on a phone) with the search bar, a toolbar that
 * starts with the add button and wraps on a phone, the server-paged table and the dialogs.
 */
export function ListPage<Row extends object, F extends object>({
  search,
  children,
  addLabel,
  onAdd,
  toolbar,
  table,
  columns,
  dialogs,
}: ListPageProps<Row, F>) {
  const screens = Grid.useBreakpoint();
  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <SearchBar<F> {...search}>{children}</SearchBar>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
        {toolbar}
      </Flex>
      <Table<Row> {...table} columns={columns} />
      {dialogs}
    </Card>
  );
}
