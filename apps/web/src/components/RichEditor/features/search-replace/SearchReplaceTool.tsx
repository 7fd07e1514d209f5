import { FileSearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorToolProps } from '../../feature';
import { ToolButton } from '../../ToolButton';
import { SearchReplaceDialog } from './SearchReplaceDialog';

export function SearchReplaceTool({ editor }: EditorToolProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('editorTools.searchReplace.button');
  return (
    <>
      <ToolButton
        name="search-replace"
        label={label}
        icon={<FileSearchOutlined />}
        onClick={() => setOpen(true)}
      />
      <SearchReplaceDialog editor={editor} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
