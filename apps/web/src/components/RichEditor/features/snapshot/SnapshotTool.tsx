import { ScissorOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorToolProps } from '../../feature';
import { ToolButton } from '../../ToolButton';
import { insertDrawnImage } from '../../media-upload';
import { useEditorMessage } from '../../messages';
import { uploadEditorFile } from '../../upload';
import { captureScreenPng } from './capture';

export function SnapshotTool({ editor }: EditorToolProps) {
  const { t } = useTranslation();
  const messages = useEditorMessage();
  const [busy, setBusy] = useState(false);

  const snap = async () => {
    setBusy(true);
    try {
      const png = await captureScreenPng();
      const uploaded = await uploadEditorFile('uploadsnapshot', png, `snapshot-${Date.now()}.png`);
      insertDrawnImage(editor, uploaded);
    } catch {
      // docs/spec.md §8: whatever failed (no screen sharing, refused, upload), one callback-error message.
      messages.error(t('editorTools.snapshot.callbackError'));
    } finally {
      setBusy(false);
    }
  };

  const label = t('editorTools.snapshot.button');
  return (
    <ToolButton
      name="snapshot"
      label={label}
      icon={<ScissorOutlined />}
      disabled={busy || !editor.isEditable}
      onClick={() => void snap()}
    />
  );
}
