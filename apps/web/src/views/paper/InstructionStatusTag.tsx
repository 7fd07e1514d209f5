import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whether a notice can be chosen for an exam. */
export function InstructionStatusTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={enabled ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
      {t(enabled ? 'instruction.status.enabled' : 'instruction.status.disabled')}
    </Tag>
  );
}
