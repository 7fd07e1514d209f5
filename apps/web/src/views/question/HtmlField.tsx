import { Input } from 'antd';

interface HtmlFieldProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  placeholder?: string;
  minHeight?: number;
  compact?: boolean;
  autosaveKey?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** An HTML field of the question form (stem, option, answer, analysis), as an antd Form control. */
export function HtmlField({
  value,
  onChange,
  id,
  placeholder,
  compact,
  disabled,
  'aria-label': ariaLabel,
}: HtmlFieldProps) {
  return (
    <Input.TextArea
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      placeholder={placeholder}
      disabled={disabled}
      aria-label={ariaLabel}
      autoSize={{ minRows: compact ? 1 : 3 }}
    />
  );
}
