import { FunctionOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorToolProps } from '../../feature';
import { ToolButton } from '../../ToolButton';
import { FormulaDialog } from './FormulaDialog';
import { onFormulaEdit, type FormulaEdit } from './formula-node';

export function FormulaTool({ editor }: EditorToolProps) {
  const { t } = useTranslation();
  /** null: closed; pos null: a new formula at the cursor. */
  const [target, setTarget] = useState<{ pos: number | null; latex: string } | null>(null);

  useEffect(() => onFormulaEdit(editor, (edit: FormulaEdit) => setTarget(edit)), [editor]);

  const submit = (latex: string) => {
    const pos = target?.pos ?? null;
    setTarget(null);
    const chain = editor.chain().focus();
    if (pos === null) {
      chain.insertContent({ type: 'formula', attrs: { latex } }).run();
      return;
    }
    chain
      .command(({ tr }) => {
        if (tr.doc.nodeAt(pos)?.type.name !== 'formula') return false;
        tr.setNodeMarkup(pos, undefined, { latex });
        return true;
      })
      .run();
  };

  const label = t('editorTools.formula.button');
  return (
    <>
      <ToolButton
        name="formula"
        label={label}
        icon={<FunctionOutlined />}
        disabled={!editor.isEditable}
        onClick={() => setTarget({ pos: null, latex: '' })}
      />
      <FormulaDialog
        open={target !== null}
        initial={target?.latex ?? ''}
        editing={target !== null && target.pos !== null}
        onCancel={() => setTarget(null)}
        onSubmit={submit}
      />
    </>
  );
}
