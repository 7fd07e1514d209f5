import {
  CaretDownOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  InsertRowAboveOutlined,
  InsertRowBelowOutlined,
  InsertRowLeftOutlined,
  InsertRowRightOutlined,
  MergeCellsOutlined,
  SplitCellsOutlined,
  TableOutlined,
  BorderTopOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { Button, Dropdown, Popover, Tooltip, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_Z_INDEX, TABLE_DEFAULT } from './constants';
import { pickerGridSize, tableContent } from './table-limits';
import { ToolButton, keepSelection } from './ToolButton';

/** Inserts a table whose cells align to the top; the cursor goes into its first cell. */
export function insertTable(editor: Editor, rows: number, cols: number): boolean {
  return editor.chain().focus().insertContent(tableContent(rows, cols)).run();
}

function TablePicker({ onPick }: { onPick: (rows: number, cols: number) => void }) {
  const { t } = useTranslation();
  const [hover, setHover] = useState({ rows: 0, cols: 0 });
  const grid = pickerGridSize(hover.rows, hover.cols);
  return (
    <div className="ke-table-picker" onMouseLeave={() => setHover({ rows: 0, cols: 0 })}>
      <div className="ke-table-picker-label" aria-live="polite">
        {hover.rows > 0
          ? t('editor.table.insert', { rows: hover.rows, cols: hover.cols })
          : t('editor.table.pick', { rows: TABLE_DEFAULT.rows, cols: TABLE_DEFAULT.cols })}
      </div>
      <div
        className="ke-table-grid"
        role="grid"
        style={{ gridTemplateColumns: `repeat(${grid.cols}, 1fr)` }}
        data-rows={grid.rows}
        data-cols={grid.cols}
      >
        {Array.from({ length: grid.rows * grid.cols }, (_, index) => {
          const row = Math.floor(index / grid.cols) + 1;
          const col = (index % grid.cols) + 1;
          const on = row <= hover.rows && col <= hover.cols;
          return (
            <button
              type="button"
              key={`${row}-${col}`}
              className={on ? 'ke-table-cell on' : 'ke-table-cell'}
              aria-label={t('editor.table.insert', { rows: row, cols: col })}
              data-row={row}
              data-col={col}
              onMouseDown={keepSelection}
              onMouseEnter={() => setHover({ rows: row, cols: col })}
              onFocus={() => setHover({ rows: row, cols: col })}
              onClick={() => onPick(row, col)}
            />
          );
        })}
      </div>
    </div>
  );
}

/**
 * The table button inserts a 5 × 5 table at a click; its arrow opens the size picker (10 × 10,
 * growing to 20 × 20); the menu beside it edits the table the cursor is in.
 */
export function TableTool({
  editor,
  inTable,
  disabled,
}: {
  editor: Editor;
  inTable: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('editor.table.button');
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run();
  const items: MenuProps['items'] = [
    {
      key: 'addRowBefore',
      icon: <InsertRowAboveOutlined />,
      label: t('editor.table.addRowBefore'),
    },
    { key: 'addRowAfter', icon: <InsertRowBelowOutlined />, label: t('editor.table.addRowAfter') },
    { key: 'deleteRow', icon: <DeleteRowOutlined />, label: t('editor.table.deleteRow') },
    { type: 'divider' },
    {
      key: 'addColumnBefore',
      icon: <InsertRowLeftOutlined />,
      label: t('editor.table.addColumnBefore'),
    },
    {
      key: 'addColumnAfter',
      icon: <InsertRowRightOutlined />,
      label: t('editor.table.addColumnAfter'),
    },
    { key: 'deleteColumn', icon: <DeleteColumnOutlined />, label: t('editor.table.deleteColumn') },
    { type: 'divider' },
    {
      key: 'mergeCells',
      icon: <MergeCellsOutlined />,
      label: t('editor.table.mergeCells'),
      disabled: !editor.can().mergeCells(),
    },
    {
      key: 'splitCell',
      icon: <SplitCellsOutlined />,
      label: t('editor.table.splitCell'),
      disabled: !editor.can().splitCell(),
    },
    {
      key: 'toggleHeaderRow',
      icon: <BorderTopOutlined />,
      label: t('editor.table.toggleHeaderRow'),
    },
    { type: 'divider' },
    {
      key: 'deleteTable',
      icon: <DeleteOutlined />,
      danger: true,
      label: t('editor.table.deleteTable'),
    },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'addRowBefore':
        return run((c) => c.addRowBefore());
      case 'addRowAfter':
        return run((c) => c.addRowAfter());
      case 'deleteRow':
        return run((c) => c.deleteRow());
      case 'addColumnBefore':
        return run((c) => c.addColumnBefore());
      case 'addColumnAfter':
        return run((c) => c.addColumnAfter());
      case 'deleteColumn':
        return run((c) => c.deleteColumn());
      case 'mergeCells':
        return run((c) => c.mergeCells());
      case 'splitCell':
        return run((c) => c.splitCell());
      case 'toggleHeaderRow':
        return run((c) => c.toggleHeaderRow());
      case 'deleteTable':
        return run((c) => c.deleteTable());
    }
  };
  return (
    <span className="ke-split">
      <ToolButton
        name="table"
        label={t('editor.table.insert', TABLE_DEFAULT)}
        icon={<TableOutlined />}
        disabled={disabled}
        onClick={() => insertTable(editor, TABLE_DEFAULT.rows, TABLE_DEFAULT.cols)}
      />
      <Popover
        content={
          <TablePicker
            onPick={(rows, cols) => {
              setOpen(false);
              insertTable(editor, rows, cols);
            }}
          />
        }
        trigger="click"
        open={open && !disabled}
        onOpenChange={setOpen}
        placement="bottomLeft"
        zIndex={EDITOR_Z_INDEX}
        arrow={false}
        destroyOnHidden
      >
        <Tooltip
          title={open ? undefined : t('editor.table.pick', TABLE_DEFAULT)}
          mouseEnterDelay={0.4}
        >
          <Button
            type="text"
            size="small"
            className="ke-tool ke-caret"
            icon={<CaretDownOutlined />}
            aria-label={label}
            data-tool="tablePicker"
            disabled={disabled}
            onMouseDown={keepSelection}
          />
        </Tooltip>
      </Popover>
      <Dropdown
        menu={{ items, onClick: onMenu }}
        trigger={['click']}
        disabled={disabled || !inTable}
        styles={{ root: { zIndex: EDITOR_Z_INDEX } }}
      >
        <span>
          <ToolButton
            name="tableMenu"
            label={t('editor.table.menu')}
            icon={<InsertRowBelowOutlined />}
            disabled={disabled || !inTable}
          />
        </span>
      </Dropdown>
    </span>
  );
}
