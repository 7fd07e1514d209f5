import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface BatchBarProps {
  /** Names the bar for tests and styles, e.g. "student-batch-actions". */
  className: string;
  /** How many rows are chosen, in words. */
  label: string;
  clearLabel: string;
  onClear: () => void;
  /** The actions on the chosen rows, small buttons. */
  children: ReactNode;
}

/** Above a list: what is chosen, what can be done with it, and forgetting the choice. */
export function BatchBar({ className, label, clearLabel, onClear, children }: BatchBarProps) {
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      className={className}
      style={{
        marginBottom: 12,
        padding: '8px 12px',
        borderRadius: 6,
        background: 'var(--ant-color-primary-bg)',
      }}
    >
      <Typography.Text strong>{label}</Typography.Text>
      {children}
      <Button size="small" type="link" onClick={onClear}>
        {clearLabel}
      </Button>
    </Flex>
  );
}
