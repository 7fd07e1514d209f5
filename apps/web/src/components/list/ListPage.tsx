import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Flex,
  Grid,
  Table,
  type FlexProps,
  type FormInstance,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import type { ReactNode } from 'react';
import { cascadeReset } from '../structure/cascade';
import { SearchBar } from './SearchBar';

export interface ListContentProps<Row extends object, F extends object> {
  /** useListPage's result (with its search adapted where the form's values are not the query's). */
  list: { tableProps: TableProps<Row>; search: (filters: F) => void; reset: () => void };
  /** Unique on the page: it prefixes the filters' element ids. */
  searchName: string;
  filterForm: FormInstance<F>;
  /** Cascading filters (e.g. job type, then level): a new choice clears those after it. */
  filterChain?: readonly (keyof F & string)[];
  /** The filters, one Form.Item each, in the order the bar shows them. */
  children: ReactNode;
  /** The add button that starts the toolbar; none without a label. */
  addLabel?: string;
  onAdd?: () => void;
  /** The add button's icon, a plus unless said. */
  addIcon?: ReactNode;
  /** More buttons after the add button. No add button and no more: no toolbar. */
  toolbar?: ReactNode;
  /** Names the toolbar for tests and styles, e.g. "student-toolbar". */
  toolbarClassName?: string;
  toolbarJustify?: FlexProps['justify'];
  /** Between the toolbar and the table: e.g. the BatchBar of the chosen rows. */
  aboveTable?: ReactNode;
  columns: TableColumnsType<Row>;
  /** The table's own props (row selection, class name, empty text) over the list's. */
  tableProps?: TableProps<Row>;
  /** Shown instead of the table, e.g. the same list as a calendar. */
  replaceTable?: ReactNode;
  /** The screen's dialogs and drawers. */
  dialogs?: ReactNode;
}

/**
 * A list without its frame, for a list inside a screen (a tab): the search bar, a toolbar that
 * starts with the add button and wraps on a phone, the server-paged table and the dialogs.
 */
export function ListContent<Row extends object, F extends object>({
  list,
  searchName,
  filterForm,
  filterChain,
  children,
  addLabel,
  onAdd,
  addIcon = <PlusOutlined />,
  toolbar,
  toolbarClassName,
  toolbarJustify,
  aboveTable,
  columns,
  tableProps,
  replaceTable,
  dialogs,
}: ListContentProps<Row, F>) {
  return (
    <>
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
      {(addLabel !== undefined || toolbar) && (
        <Flex
          wrap
          gap={8}
          justify={toolbarJustify}
          style={{ marginBottom: 12 }}
          className={toolbarClassName}
        >
          {addLabel !== undefined && (
            <Button type="primary" icon={addIcon} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
          {toolbar}
        </Flex>
      )}
      {aboveTable}
      {replaceTable ?? <Table<Row> {...list.tableProps} {...tableProps} columns={columns} />}
      {dialogs}
    </>
  );
}

/** The frame of a list screen: a card (smaller on a phone) around the list (ListContent). */
export function ListPage<Row extends object, F extends object>({
  className,
  ...props
}: ListContentProps<Row, F> & { className?: string }) {
  const screens = Grid.useBreakpoint();
  return (
    <Card size={screens.sm ? undefined : 'small'} className={className}>
      <ListContent<Row, F> {...props} />
    </Card>
  );
}
