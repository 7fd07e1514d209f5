import { DownOutlined, SnippetsOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorToolProps } from '../../feature';
import { keepSelection } from '../../ToolButton';
import { TEMPLATE_IDS, templateHtml, type TemplateId } from './templates';

export function TemplatesTool({ editor }: EditorToolProps) {
  const { t } = useTranslation();
  /** A template waiting for the user's choice between inserting and replacing. */
  const [pending, setPending] = useState<TemplateId | null>(null);

  const html = (id: TemplateId) =>
    templateHtml(id, (key) =>
      t(`editorTools.templates.items.${id}.${key}` as 'editorTools.templates.button'),
    );
  const name = (id: TemplateId) => t(`editorTools.templates.items.${id}.name`);

  const choose = (id: TemplateId) => {
    if (editor.isEmpty) editor.chain().focus().setContent(html(id)).run();
    else setPending(id);
  };

  const finish = (replace: boolean) => {
    if (!pending) return;
    const content = html(pending);
    setPending(null);
    if (replace) editor.chain().focus().setContent(content).run();
    else editor.chain().focus().insertContent(content).run();
  };

  const label = t('editorTools.templates.button');
  return (
    <>
      <Dropdown
        disabled={!editor.isEditable}
        trigger={['click']}
        menu={{
          items: TEMPLATE_IDS.map((id) => ({
            key: id,
            label: (
              <Flex vertical className="ke-template-item">
                <span>{name(id)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`editorTools.templates.items.${id}.description`)}
                </Typography.Text>
              </Flex>
            ),
          })),
          onClick: ({ key }) => choose(key as TemplateId),
        }}
      >
        <Tooltip title={label}>
          <Button
            type="text"
            size="small"
            aria-label={label}
            data-tool="templates"
            onMouseDown={keepSelection}
            className="ke-templates"
          >
            <SnippetsOutlined />
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Tooltip>
      </Dropdown>
      <Modal
        className="ke-template-modal"
        open={pending !== null}
        title={pending ? t('editorTools.templates.chooseTitle', { name: name(pending) }) : null}
        onCancel={() => setPending(null)}
        footer={
          <Flex wrap gap={8} justify="flex-end">
            <Button onClick={() => setPending(null)}>{t('common.cancel')}</Button>
            <Button danger onClick={() => finish(true)}>
              {t('editorTools.templates.replace')}
            </Button>
            <Button type="primary" onClick={() => finish(false)}>
              {t('editorTools.templates.insertHere')}
            </Button>
          </Flex>
        }
      >
        {t('editorTools.templates.chooseText')}
      </Modal>
    </>
  );
}
