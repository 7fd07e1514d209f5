import { DownOutlined, FontSizeOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorToolProps } from '../../feature';
import { keepSelection } from '../../ToolButton';
import { CUSTOM_STYLES, styleObject, type CustomStyle } from './styles';

const CLEAR = 'clear';

function apply(editor: Editor, style: CustomStyle) {
  const chain = editor.chain().focus();
  if (style.kind === 'block') chain.setNode('heading', { level: 1, customStyle: style.id }).run();
  else chain.setMark('customStyle', { id: style.id }).run();
}

function clear(editor: Editor) {
  const chain = editor.chain().focus().unsetMark('customStyle');
  if (editor.getAttributes('heading').customStyle) chain.setNode('paragraph');
  chain.run();
}

export function CustomStylesTool({ editor }: EditorToolProps) {
  const { t } = useTranslation();
  const label = t('editorTools.customStyles.button');
  return (
    <Dropdown
      disabled={!editor.isEditable}
      trigger={['click']}
      menu={{
        items: [
          ...CUSTOM_STYLES.map((style) => ({
            key: style.id,
            label: (
              <span
                style={{
                  ...styleObject(style.style),
                  ...(style.kind === 'block'
                    ? { fontSize: 16, fontWeight: 'bold', display: 'block' }
                    : {}),
                }}
              >
                {t(`editorTools.customStyles.${style.id}`)}
              </span>
            ),
          })),
          { type: 'divider' as const },
          { key: CLEAR, label: t('editorTools.customStyles.clear') },
        ],
        onClick: ({ key }) => {
          const style = CUSTOM_STYLES.find((item) => item.id === key);
          if (style) apply(editor, style);
          else clear(editor);
        },
      }}
    >
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          aria-label={label}
          data-tool="custom-styles"
          onMouseDown={keepSelection}
          className="ke-custom-styles"
        >
          <FontSizeOutlined />
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
