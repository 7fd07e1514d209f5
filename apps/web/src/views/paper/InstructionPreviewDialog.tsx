import { ClockCircleOutlined } from '@ant-design/icons';
import type { InstructionView } from '@kaoshi/shared';
import { Alert, Button, Descriptions, Flex, Grid, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';
import { InstructionScope } from './InstructionScope';
import { InstructionStatusTag } from './InstructionStatusTag';
import { useReadingTime } from './InstructionReadingTime';

interface InstructionPreviewDialogProps {
  open: boolean;
  instruction?: InstructionView;
  onClose: () => void;
}

/**
 * A notice as the examinee reads it before starting: its title and text (sanitized again here),
 * how long they must read it, and the start button as it shows while they read.
 */
export function InstructionPreviewDialog({
  open,
  instruction,
  onClose,
}: InstructionPreviewDialogProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const readingTime = useReadingTime();
  const wait = instruction?.minReadSeconds ?? 0;

  return (
    <Modal
      open={open}
      title={
        // Room for the close button: the title wraps before it on a phone (es, ja).
        <span style={{ display: 'block', paddingInlineEnd: 24 }}>
          {t('instruction.preview.title')}
        </span>
      }
      width={{ xs: '100%', sm: 640, lg: 800 }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="instruction-preview-dialog"
    >
      {instruction && (
        <Flex vertical gap={16}>
          <div
            className="instruction-preview-paper"
            style={{
              padding: screens.sm ? 24 : 16,
              border: '1px solid var(--ant-color-border-secondary)',
              borderRadius: 8,
            }}
          >
            <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
              {instruction.title}
            </Typography.Title>
            <SafeHtml html={instruction.body} className="instruction-preview-body" />
            <Flex vertical align="center" gap={12} style={{ marginTop: 24 }}>
              <Alert
                type="info"
                showIcon
                icon={<ClockCircleOutlined />}
                className="instruction-preview-reading"
                title={
                  wait > 0
                    ? t('instruction.preview.reading', { time: readingTime(wait) })
                    : t('instruction.preview.noReading')
                }
                style={{ width: '100%' }}
              />
              <Button
                type="primary"
                disabled
                style={{ maxWidth: '100%', whiteSpace: 'normal', height: 'auto' }}
              >
                {wait > 0
                  ? t('instruction.preview.startIn', { time: readingTime(wait) })
                  : t('instruction.preview.start')}
              </Button>
            </Flex>
          </div>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            layout={screens.sm ? 'horizontal' : 'vertical'}
            items={[
              {
                key: 'scope',
                label: t('instruction.fields.scope'),
                children: <InstructionScope instruction={instruction} />,
              },
              {
                key: 'status',
                label: t('instruction.fields.status'),
                children: <InstructionStatusTag enabled={instruction.enabled} />,
              },
            ]}
          />
        </Flex>
      )}
    </Modal>
  );
}
