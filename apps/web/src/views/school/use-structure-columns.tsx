import type { TableColumnType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SortableColumn } from '../../components/list/list-page';
import { useEditDeleteColumn } from '../../components/list/use-actions-column';
import { NameCell } from './NameCell';
import { StatusTag } from './StatusTag';

/** What every level of the exam structure has (projects, categories, job types, batches). */
interface StructureRow {
  name: string;
  code: string;
  status: number;
  createdAt: string;
}

/** A list's sortable(field) (see useListPage), for the fields a column orders by. */
type Sortable<F extends string> = (field: F) => SortableColumn<string>;

/**
 * The columns the exam-structure lists share, in their look: the name (with the code under it
 * on a phone, where the code column is left out), the active/disabled status (a batch's status
 * has its own tag), sort, creation date and the edit and delete actions.
 */
export function useStructureColumns<Row extends StructureRow>(compact: boolean) {
  const { t } = useTranslation();
  // The name is fixed on the left of a phone's table, so the actions stay on the right.
  const editDeleteColumn = useEditDeleteColumn({ fixedOnPhone: true });

  const nameAndCode = (
    title: string,
    sortable: Sortable<'name' | 'code'>,
  ): TableColumnType<Row>[] => [
    {
      title,
      dataIndex: 'name',
      ...sortable('name'),
      fixed: compact ? 'left' : undefined,
      render: (_, row) => <NameCell name={row.name} code={row.code} withCode={compact} />,
    },
    ...(compact
      ? []
      : [
          {
            title: t('school.fields.code'),
            dataIndex: 'code',
            ...sortable('code'),
            render: (code: string) => <code>{code}</code>,
          },
        ]),
  ];

  const status: TableColumnType<Row> = {
    title: t('school.fields.status'),
    key: 'status',
    render: (_, row) => <StatusTag status={row.status} />,
  };

  const sort = (sortable: Sortable<'sort'>): TableColumnType<Row> => ({
    title: t('school.fields.sort'),
    dataIndex: 'sort',
    align: 'right',
    ...sortable('sort'),
  });

  const createdAt = (sortable: Sortable<'createdAt'>): TableColumnType<Row> => ({
    title: t('school.fields.createdAt'),
    ...sortable('createdAt'),
    render: (_, row) => dayjs(row.createdAt).format('YYYY-MM-DD'),
  });

  const editAndDelete = (onEdit: (row: Row) => void, onDelete: (row: Row) => void) =>
    editDeleteColumn<Row>(compact, onEdit, onDelete);

  return { nameAndCode, status, sort, createdAt, editAndDelete };
}
