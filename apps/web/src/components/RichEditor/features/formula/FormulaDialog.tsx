import { Alert, Button, Flex, Input, Modal, Tabs, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORMULA_DIALOG } from '../../constants';
import { loadKatex, renderFormulaInto } from './katex';
import {
  FORMULA_GREEK,
  FORMULA_SYMBOLS,
  FORMULA_TEMPLATES,
  insertSnippet,
  type FormulaSnippet,
} from './symbols';

interface FormulaDialogProps {
  open: boolean;
  /** The formula being edited, '' for a new one. */
  initial: string;
  editing: boolean;
  onCancel: () => void;
  onSubmit: (latex: string) => void;
}

/** docs/spec.md §9: the formula dialog's content area is 783 × 386 px (narrower on a small screen). */
const BODY_PADDING = 24;
const FORM_ID = 'ke-formula-form';

export function FormulaDialog({ open, initial, editing, onCancel, onSubmit }: FormulaDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      className="ke-formula-modal"
      open={open}
      title={t(editing ? 'editorTools.formula.editTitle' : 'editorTools.formula.insertTitle')}
      width={FORMULA_DIALOG.width + 2 * BODY_PADDING}
      onCancel={onCancel}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      destroyOnHidden
      styles={{ body: { height: FORMULA_DIALOG.height, overflowY: 'auto' } }}
    >
      <FormulaForm initial={initial} onSubmit={onSubmit} />
    </Modal>
  );
}

function SnippetButtons(props: {
  snippets: readonly FormulaSnippet[];
  translated: boolean;
  onPick: (snippet: FormulaSnippet) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={4}>
      {props.snippets.map((snippet) => (
        <Button
          key={snippet.latex}
          size="small"
          autoInsertSpace={false}
          title={snippet.latex}
          onClick={() => props.onPick(snippet)}
        >
          {props.translated
            ? t(`editorTools.formula.${snippet.label}` as 'editorTools.formula.sum')
            : snippet.label}
        </Button>
      ))}
    </Flex>
  );
}

/** The dialog's content, mounted on each opening, so it starts from the formula it was opened on. */
function FormulaForm({
  initial,
  onSubmit,
}: {
  initial: string;
  onSubmit: (latex: string) => void;
}) {
  const { t } = useTranslation();
  const [latex, setLatex] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const input = useRef<TextAreaRef>(null);
  const preview = useRef<HTMLSpanElement>(null);
  const empty = !latex.trim();

  useEffect(() => {
    const target = preview.current;
    if (!target) return;
    target.textContent = '';
    if (!latex.trim()) return;
    let current = true;
    void loadKatex().then(
      (katex) => {
        if (current) setError(renderFormulaInto(katex, target, latex));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [latex]);

  const pick = ({ latex: snippet }: FormulaSnippet) => {
    const area = input.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? latex.length;
    const end = area?.selectionEnd ?? latex.length;
    const next = insertSnippet(latex, start, end, snippet);
    setLatex(next.value);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const submit = () => {
    if (empty) setMissing(true);
    else onSubmit(latex.trim());
  };

  return (
    <form
      id={FORM_ID}
      className="ke-formula-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Flex vertical gap={8}>
        <Tabs
          size="small"
          items={[
            {
              key: 'templates',
              label: t('editorTools.formula.templates'),
              children: <SnippetButtons snippets={FORMULA_TEMPLATES} translated onPick={pick} />,
            },
            {
              key: 'greek',
              label: t('editorTools.formula.greek'),
              children: (
                <SnippetButtons snippets={FORMULA_GREEK} translated={false} onPick={pick} />
              ),
            },
            {
              key: 'symbols',
              label: t('editorTools.formula.symbols'),
              children: (
                <SnippetButtons snippets={FORMULA_SYMBOLS} translated={false} onPick={pick} />
              ),
            },
          ]}
        />
        <Input.TextArea
          ref={input}
          autoFocus
          value={latex}
          onChange={(event) => setLatex(event.target.value)}
          placeholder={t('editorTools.formula.placeholder')}
          aria-label={t('editorTools.formula.latex')}
          autoSize={{ minRows: 2, maxRows: 4 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          onPressEnter={(event) => {
            if (event.ctrlKey || event.metaKey) submit();
          }}
        />
        <Typography.Text type="secondary">{t('editorTools.formula.preview')}</Typography.Text>
        <div
          className="ke-formula-preview"
          aria-live="polite"
          style={{
            minHeight: 64,
            padding: 12,
            border: '1px solid rgba(5, 5, 5, 0.12)',
            borderRadius: 6,
            overflowX: 'auto',
            fontSize: 18,
            textAlign: 'center',
          }}
        >
          <span ref={preview} />
          {empty && (
            <Typography.Text type="secondary" style={{ fontSize: 14 }}>
              {t('editorTools.formula.previewEmpty')}
            </Typography.Text>
          )}
        </div>
        {missing && empty && (
          <Alert type="warning" showIcon title={t('editorTools.formula.required')} />
        )}
        {error && !empty && (
          <Alert
            type="error"
            showIcon
            title={t('editorTools.formula.invalid', { message: error })}
          />
        )}
      </Flex>
    </form>
  );
}
