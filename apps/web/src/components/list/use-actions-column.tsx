import { Grid, Space, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction, EditAction } from './RowAction';

/**
 * The last column of a list: the row's actions (RowAction buttons), kept in sight on the right
 * from tablet width up, or on a phone too when asked (lists whose first column is fixed left).
 */
export function useActionsColumn({ fixedOnPhone = false } = {}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  return <Row,>(actions: (row: Row) => ReactNode): TableColumnType<Row> => ({
    title: t('common.actions'),
    key: 'actions',
    fixed: fixedOnPhone || screens.md ? 'right' : undefined,
    render: (_, row) => <Space size={0}>{actions(row)}</Space>,
  });
}

/** The last column of a list whose rows are only edited and deleted. */
export function useEditDeleteColumn(options: { fixedOnPhone?: boolean } = {}) {
  const actionsColumn = useActionsColumn(options);
  return <Row,>(compact: boolean, onEdit: (row: Row) => void, onDelete: (row: Row) => void) =>
    actionsColumn<Row>((row) => (
      <>
        <EditAction compact={compact} onClick={() => onEdit(row)} />
        <DeleteAction compact={compact} onClick={() => onDelete(row)} />
      </>
    ));
}
