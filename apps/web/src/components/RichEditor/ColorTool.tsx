import { BgColorsOutlined, FontColorsOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_Z_INDEX } from './constants';
import { ToolButton, keepSelection } from './ToolButton';

/** Three rows as in the classic editors: greys, strong colours, then their lighter tints. */
const PALETTE = [
  [
    '#000000',
    '#434343',
    '#666666',
    '#999999',
    '#b7b7b7',
    '#cccccc',
    '#d9d9d9',
    '#efefef',
    '#f3f3f3',
    '#ffffff',
  ],
  [
    '#980000',
    '#ff0000',
    '#ff9900',
    '#ffff00',
    '#00ff00',
    '#00ffff',
    '#4a86e8',
    '#0000ff',
    '#9900ff',
    '#ff00ff',
  ],
  [
    '#e6b8af',
    '#f4cccc',
    '#fce5cd',
    '#fff2cc',
    '#d9ead3',
    '#d0e0e3',
    '#c9daf8',
    '#cfe2f3',
    '#d9d2e9',
    '#ead1dc',
  ],
  [
    '#a61c00',
    '#cc0000',
    '#e69138',
    '#f1c232',
    '#6aa84f',
    '#45818e',
    '#3c78d8',
    '#3d85c6',
    '#674ea7',
    '#a64d79',
  ],
];

export function ColorTool({
  editor,
  kind,
  disabled,
}: {
  editor: Editor;
  kind: 'color' | 'background';
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = kind === 'color' ? t('editor.color') : t('editor.background');
  const apply = (colour: string | null) => {
    const chain = editor.chain().focus();
    if (kind === 'color') (colour ? chain.setColor(colour) : chain.unsetColor()).run();
    else (colour ? chain.setBackgroundColor(colour) : chain.unsetBackgroundColor()).run();
    setOpen(false);
  };
  const panel = (
    <div className="ke-palette" role="listbox" aria-label={label}>
      <Button size="small" block onMouseDown={keepSelection} onClick={() => apply(null)}>
        {t('editor.colorNone')}
      </Button>
      {PALETTE.map((row) => (
        <div className="ke-palette-row" key={row[0]}>
          {row.map((colour) => (
            <button
              type="button"
              key={colour}
              role="option"
              aria-selected={false}
              aria-label={colour}
              title={colour}
              className="ke-swatch"
              style={{ background: colour }}
              onMouseDown={keepSelection}
              onClick={() => apply(colour)}
            />
          ))}
        </div>
      ))}
    </div>
  );
  return (
    <Popover
      content={panel}
      trigger="click"
      open={open && !disabled}
      onOpenChange={setOpen}
      placement="bottom"
      zIndex={EDITOR_Z_INDEX}
      arrow={false}
    >
      <span>
        <ToolButton
          name={kind}
          label={label}
          icon={kind === 'color' ? <FontColorsOutlined /> : <BgColorsOutlined />}
          disabled={disabled}
          tooltip={!open}
        />
      </span>
    </Popover>
  );
}
