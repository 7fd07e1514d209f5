import { Button, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorMessage } from '../../messages';
import { stepMatch } from './search';
import { getSearch, gotoMatch, replaceAll, replaceCurrent, setSearch } from './search-plugin';

interface SearchReplaceDialogProps {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}

export function SearchReplaceDialog({ editor, open, onClose }: SearchReplaceDialogProps) {
  const { t } = useTranslation();
  const messages = useEditorMessage();
  const findId = useId();
  const replaceId = useId();
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const { count, current } = useEditorState({
    editor,
    selector: ({ editor: snapshot }) => {
      const search = getSearch(snapshot);
      return { count: search.matches.length, current: search.current };
    },
  });

  useEffect(() => {
    if (open) setSearch(editor, { query, matchCase });
  }, [editor, open, query, matchCase]);

  const close = () => {
    setSearch(editor, { query: '', matchCase });
    onClose();
  };

  const step = (direction: 1 | -1) => {
    const index = stepMatch(count, current, direction);
    if (index >= 0) gotoMatch(editor, index);
  };

  const editable = editor.isEditable;
  return (
    <Modal
      open={open}
      title={t('editorTools.searchReplace.title')}
      onCancel={close}
      footer={null}
      mask={false}
      width={460}
      destroyOnHidden
      className="ke-search-modal"
    >
      <Form layout="vertical">
        <Form.Item
          label={t('editorTools.searchReplace.find')}
          htmlFor={findId}
          style={{ marginBottom: 12 }}
        >
          <Input
            id={findId}
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              step(event.shiftKey ? -1 : 1);
            }}
            suffix={
              <Typography.Text type="secondary" className="ke-search-count" aria-live="polite">
                {query
                  ? count > 0
                    ? t('editorTools.searchReplace.count', { current: current + 1, total: count })
                    : t('editorTools.searchReplace.noMatch')
                  : null}
              </Typography.Text>
            }
          />
        </Form.Item>
        <Form.Item
          label={t('editorTools.searchReplace.replaceWith')}
          htmlFor={replaceId}
          style={{ marginBottom: 12 }}
        >
          <Input
            id={replaceId}
            value={replacement}
            onChange={(event) => setReplacement(event.target.value)}
          />
        </Form.Item>
        <Flex wrap gap={8} justify="space-between" align="center">
          <Checkbox checked={matchCase} onChange={(event) => setMatchCase(event.target.checked)}>
            {t('editorTools.searchReplace.matchCase')}
          </Checkbox>
          <Flex wrap gap={8}>
            <Button disabled={count === 0} onClick={() => step(-1)}>
              {t('editorTools.searchReplace.previous')}
            </Button>
            <Button disabled={count === 0} onClick={() => step(1)}>
              {t('editorTools.searchReplace.next')}
            </Button>
          </Flex>
        </Flex>
        <Flex wrap gap={8} justify="flex-end" style={{ marginTop: 16 }}>
          <Button
            disabled={!editable || count === 0}
            onClick={() => replaceCurrent(editor, replacement)}
          >
            {t('editorTools.searchReplace.replace')}
          </Button>
          <Button
            type="primary"
            disabled={!editable || count === 0}
            onClick={() => {
              const replaced = replaceAll(editor, replacement);
              messages.success(t('editorTools.searchReplace.replaced', { count: replaced }));
            }}
          >
            {t('editorTools.searchReplace.replaceAll')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
