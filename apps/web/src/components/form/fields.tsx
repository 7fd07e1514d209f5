import { Form, Input, InputNumber, Switch, type FormItemProps, type FormRule } from 'antd';
import type { ReactNode } from 'react';

/** What every field block below takes: its form name, label, help line and rules. */
interface FieldProps {
  name: string;
  label: string;
  extra?: ReactNode;
  rules?: FormRule[];
}

/** A one-line text field of at most `max` characters; browsers offer no autofill in these forms. */
export function TextField({
  max,
  disabled,
  type,
  normalize,
  ...item
}: FieldProps & {
  max: number;
  disabled?: boolean;
  type?: 'email';
  normalize?: FormItemProps['normalize'];
}) {
  return (
    <Form.Item {...item} normalize={normalize}>
      <Input type={type} maxLength={max} autoComplete="off" disabled={disabled} />
    </Form.Item>
  );
}

/** A few lines of free text (description, introduction) with its character count. */
export function TextAreaField({
  max,
  maxRows = 6,
  ...item
}: FieldProps & { max: number; maxRows?: number }) {
  return (
    <Form.Item {...item}>
      <Input.TextArea maxLength={max} showCount autoSize={{ minRows: 2, maxRows }} />
    </Form.Item>
  );
}

/** The order a row is listed in among its siblings: a whole number, smaller first. */
export function SortField({ label, extra }: { label: string; extra?: ReactNode }) {
  return (
    <Form.Item name="sort" label={label} extra={extra}>
      <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** A yes/no field shown as a switch (enabled, may sign in from elsewhere). */
export function SwitchField(item: FieldProps) {
  return (
    <Form.Item {...item} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
