import type { Editor } from '@tiptap/core';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { linkPreview, normalizeLinkUrl } from './link';

interface LinkFields {
  url: string;
  text: string;
  newWindow: boolean;
}

/**
 * Adds or edits the link at the selection. An address without a protocol gets http://; with no
 * text and no selection the link shows its address, shortened when long.
 */
export function LinkDialog({
  editor,
  open,
  onClose,
}: {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LinkFields>();
  const hasSelection = !editor.state.selection.empty;

  useEffect(() => {
    if (!open) return;
    const attrs = editor.getAttributes('link');
    const { from, to } = editor.state.selection;
    form.setFieldsValue({
      url: typeof attrs.href === 'string' ? attrs.href : '',
      text: editor.state.doc.textBetween(from, to, ' '),
      newWindow: attrs.target === '_blank',
    });
  }, [open, editor, form]);

  const save = ({ url, text, newWindow }: LinkFields) => {
    const href = normalizeLinkUrl(url);
    const attrs = { href, target: newWindow ? '_blank' : null };
    const chain = editor.chain().focus();
    if (editor.isActive('link') && editor.state.selection.empty) {
      chain.extendMarkRange('link').setLink(attrs).run();
    } else if (hasSelection && !text.trim()) {
      chain.setLink(attrs).run();
    } else {
      const shown = text.trim() || linkPreview(href);
      chain
        .insertContent({ type: 'text', text: shown, marks: [{ type: 'link', attrs }] })
        .unsetMark('link')
        .run();
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('editor.link.button')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={save} preserve={false}>
        <Form.Item
          name="url"
          label={t('editor.link.url')}
          rules={[{ required: true, whitespace: true, message: t('editor.link.urlRequired') }]}
        >
          <Input placeholder={t('editor.link.urlPlaceholder')} autoFocus inputMode="url" />
        </Form.Item>
        <Form.Item name="text" label={t('editor.link.text')}>
          <Input />
        </Form.Item>
        <Form.Item name="newWindow" valuePropName="checked" noStyle>
          <Checkbox>{t('editor.link.newWindow')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
