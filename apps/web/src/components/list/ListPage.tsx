import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Flex,
  Grid,
  Table,
  type FormInstance,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import type { ReactNode } from 'react';
import { cascadeReset } from '../structure/cascade';
import { SearchBar } from './SearchBar';

interface ListPageProps<Row extends object, F extends object> {
  /** useListPage's result (with its search adapted where the form's values are not the query's). */
  list: { tableProps: TableProps<Row>; search: (filters: F) => void; reset: () => void };
  /** Unique on the page: it prefixes the filters' element ids. */
  searchName: string;
  filterForm: FormInstance<F>;
  /** Cascading filters (e.g. job type, then level): a new choice clears those after it. */
  filterChain?: readonly (keyof F & string)[];
  /** The filters, one Form.Item each, in the order the bar shows them. */
  children: ReactNode;
  addLabel: string;
  onAdd: () => void;
  /** More buttons after the add button. */
  toolbar?: ReactNode;
  columns: TableColumnsType<Row>;
  /** The screen's dialogs and drawers. */
  dialogs?: ReactNode;
}

/**
 * The frame of a list screen: a card (smaller on a phone) with the search bar, a toolbar that
 * starts with the add button and wraps on a phone, the server-paged table and the dialogs.
 */
export function ListPage<Row extends object, F extends object>({
  list,
  searchName,
  filterForm,
  filterChain,
  children,
  addLabel,
  onAdd,
  toolbar,
  columns,
  dialogs,
}: ListPageProps<Row, F>) {
  const screens = Grid.useBreakpoint();
  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <SearchBar<F>
        name={searchName}
        form={filterForm}
        onSearch={list.search}
        onReset={list.reset}
        onValuesChange={
          filterChain &&
          ((changed) => filterForm.setFieldsValue(cascadeReset(filterChain, changed) as F))
        }
      >
        {children}
      </SearchBar>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
        {toolbar}
      </Flex>
      <Table<Row> {...list.tableProps} columns={columns} />
      {dialogs}
    </Card>
  );
}
