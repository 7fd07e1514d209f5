import { HighlightOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorToolProps } from '../../feature';
import { ToolButton } from '../../ToolButton';
import { insertDrawnImage } from '../../media-upload';
import { useEditorMessage } from '../../messages';
import { uploadScrawl } from '../../upload';
import { ScrawlBoard } from './ScrawlBoard';
import { SCRAWL_BOARD } from './strokes';

export function ScrawlTool({ editor }: EditorToolProps) {
  const { t } = useTranslation();
  const messages = useEditorMessage();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);

  const insert = async (png: string | null) => {
    if (!png) {
      messages.error(t('editorTools.scrawl.empty'));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadScrawl(png);
      insertDrawnImage(editor, uploaded);
      setOpen(false);
    } catch (error) {
      messages.failure(error);
    } finally {
      setUploading(false);
    }
  };

  const label = t('editorTools.scrawl.button');
  return (
    <>
      <ToolButton
        name="scrawl"
        label={label}
        icon={<HighlightOutlined />}
        disabled={!editor.isEditable}
        onClick={() => setOpen(true)}
      />
      <Modal
        className="ke-scrawl-modal"
        open={open}
        title={t('editorTools.scrawl.title')}
        width={SCRAWL_BOARD.width + 48}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        mask={{ closable: false }}
      >
        <ScrawlBoard
          uploading={uploading}
          onCancel={() => setOpen(false)}
          onInsert={(png) => void insert(png)}
        />
      </Modal>
    </>
  );
}
