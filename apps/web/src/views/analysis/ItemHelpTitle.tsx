import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** A figure's title with its explanation on hover (and on focus, for keyboards). */
export function HelpTitle({ title, help }: { title: ReactNode; help: string }) {
  return (
    <span className="item-help-title">
      {title}{' '}
      <Tooltip title={help}>
        <QuestionCircleOutlined aria-label={help} tabIndex={0} className="item-help-icon" />
      </Tooltip>
    </span>
  );
}
