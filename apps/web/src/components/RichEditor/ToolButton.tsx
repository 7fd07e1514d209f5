import { Button, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

export interface ToolButtonProps {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  active?: boolean;
  disabled?: boolean;
  /** Extra test/automation hook; the accessible name is the label. */
  name?: string;
  /** Off while the button's own popup is open, so the tooltip does not cover it. */
  tooltip?: boolean;
}

/** Keeps the editor's selection: a toolbar click must not move focus out of the text. */
export const keepSelection = (event: MouseEvent) => event.preventDefault();

/** One toolbar button: an icon, its name as tooltip and accessible label, pressed when active. */
export function ToolButton({
  label,
  icon,
  onClick,
  active,
  disabled,
  name,
  tooltip = true,
}: ToolButtonProps) {
  return (
    <Tooltip title={tooltip ? label : undefined} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        className={active ? 'ke-tool ke-tool-active' : 'ke-tool'}
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        data-tool={name}
        disabled={disabled}
        onMouseDown={keepSelection}
        onClick={onClick}
      />
    </Tooltip>
  );
}
