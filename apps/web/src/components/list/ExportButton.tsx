import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState, type ReactNode } from 'react';
import { succeeded } from '../../utils/succeeded';

interface ExportButtonProps {
  icon: ReactNode;
  label: string;
  /** Saves the file (the request layer shows a failure); `choice` is the format picked, if any. */
  onExport: (choice?: string) => Promise<unknown>;
  /** Said once the file is saved; nothing when not given. */
  doneMessage?: string;
  disabled?: boolean;
  /** Formats to pick from (a menu under the button); one file kind when not given. */
  choices?: { key: string; label: string }[];
}

/** A button that saves an export: busy until the file is saved or the call failed. */
export function ExportButton({
  icon,
  label,
  onExport,
  doneMessage,
  disabled,
  choices,
}: ExportButtonProps) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async (choice?: string) => {
    setExporting(true);
    try {
      if ((await succeeded(onExport(choice))) && doneMessage) message.success(doneMessage);
    } finally {
      setExporting(false);
    }
  };
  if (choices) {
    return (
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{ items: choices, onClick: ({ key }) => void run(key) }}
      >
        <Button icon={icon} loading={exporting} disabled={disabled}>
          {label}
          <DownOutlined />
        </Button>
      </Dropdown>
    );
  }
  return (
    <Button icon={icon} loading={exporting} disabled={disabled} onClick={() => void run()}>
      {label}
    </Button>
  );
}
