import { App, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { succeeded } from '../../utils/succeeded';

interface ExportButtonProps {
  icon: ReactNode;
  label: string;
  /** Saves the file (the request layer shows a failure). */
  onExport: () => Promise<unknown>;
  /** Said once the file is saved; nothing when not given. */
  doneMessage?: string;
  disabled?: boolean;
}

/** A button that saves an export: busy until the file is saved or the call failed. */
export function ExportButton({ icon, label, onExport, doneMessage, disabled }: ExportButtonProps) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      if ((await succeeded(onExport())) && doneMessage) message.success(doneMessage);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={icon} loading={exporting} disabled={disabled} onClick={() => void run()}>
      {label}
    </Button>
  );
}
