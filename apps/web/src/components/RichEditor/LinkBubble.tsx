import { DisconnectOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_Z_INDEX } from './constants';
import { linkPreview } from './link';
import { ToolButton } from './ToolButton';

/**
 * Under a link the cursor is in: its address (shortened when long), to open, edit or remove it.
 */
export function LinkBubble({
  editor,
  containerRef,
  onEdit,
}: {
  editor: Editor;
  containerRef: RefObject<HTMLDivElement | null>;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      if (!current.isEditable || !current.isFocused || !current.isActive('link')) return null;
      const href = current.getAttributes('link').href as string | undefined;
      const container = containerRef.current;
      if (!href || !container) return null;
      const coords = current.view.coordsAtPos(current.state.selection.from);
      const box = container.getBoundingClientRect();
      const maxLeft = container.clientWidth - 260;
      return {
        href,
        top: coords.bottom - box.top + 6,
        left: Math.max(4, Math.min(coords.left - box.left, maxLeft)),
      };
    },
    equalityFn: (a, b) =>
      a === b || (!!a && !!b && a.href === b.href && a.top === b.top && a.left === b.left),
  });
  if (!state) return null;
  return (
    <div
      className="ke-bubble"
      style={{
        top: state.top,
        left: state.left,
        zIndex: EDITOR_Z_INDEX,
      }}
      onMouseDown={(event) => event.preventDefault()}
    >
      <LinkOutlined />
      <a href={state.href} target="_blank" rel="noopener noreferrer" title={state.href}>
        {linkPreview(state.href)}
      </a>
      <ToolButton
        name="linkEdit"
        label={t('editor.link.button')}
        icon={<EditOutlined />}
        onClick={onEdit}
      />
      <ToolButton
        name="unlink"
        label={t('editor.link.remove')}
        icon={<DisconnectOutlined />}
        onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
      />
    </div>
  );
}
