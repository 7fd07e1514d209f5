import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RowActionProps {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  danger?: boolean;
  /** Why the action is not allowed on this row: the button is disabled and says why. */
  blockedBy?: string;
  /** Icon only (the label becomes a tooltip), to keep the table narrow on a phone. */
  compact?: boolean;
}

/** One action of a table row, as a small link button. */
export function RowAction({ icon, label, onClick, danger, blockedBy, compact }: RowActionProps) {
  const button = (
    <Button
      type="link"
      size="small"
      icon={icon}
      danger={danger}
      disabled={blockedBy !== undefined}
      onClick={onClick}
      aria-label={label}
    >
      {compact ? null : label}
    </Button>
  );
  const tip = blockedBy ?? (compact ? label : undefined);
  return tip === undefined ? button : <Tooltip title={tip}>{button}</Tooltip>;
}

type CommonActionProps = Omit<RowActionProps, 'icon' | 'label' | 'danger'>;

/** The row's edit action. */
export function EditAction(props: CommonActionProps) {
  const { t } = useTranslation();
  return <RowAction icon={<EditOutlined />} label={t('common.edit')} {...props} />;
}

/** The row's delete action (it asks first: see useDeleteConfirmation). */
export function DeleteAction(props: CommonActionProps) {
  const { t } = useTranslation();
  return <RowAction icon={<DeleteOutlined />} label={t('common.delete')} danger {...props} />;
}
