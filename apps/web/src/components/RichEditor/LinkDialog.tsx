import type { Editor } from '@tiptap/core';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useId, useState } from 'react';
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
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LinkFields>();
  // Every editor on the page has its own dialog: field ids must not collide.
  const formName = `ke-link-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  // The dialog is mounted when it opens: what it edits is read once, from the selection then.
  const [initial] = useState(() => {
    const attrs = editor.getAttributes('link');
    const { from, to, empty } = editor.state.selection;
    return {
      hasSelection: !empty,
      fields: {
        url: typeof attrs.href === 'string' ? attrs.href : '',
        text: editor.state.doc.textBetween(from, to, ' '),
        newWindow: attrs.target === '_blank',
      },
    };
  });
  const { hasSelection } = initial;

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
      open
      title={t('editor.link.button')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={initial.fields}
        onFinish={save}
      >
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
