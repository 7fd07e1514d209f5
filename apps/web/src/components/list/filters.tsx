import { Form, Input, Select, type SelectProps } from 'antd';

interface FilterProps {
  /** The form field (a query key). */
  name: string;
  /** Placeholder and accessible name: a search bar has no visible labels. */
  label: string;
}

/** A search bar's text filter. */
export function TextFilter({ name, label }: FilterProps) {
  return (
    <Form.Item name={name} noStyle>
      <Input allowClear placeholder={label} aria-label={label} />
    </Form.Item>
  );
}

/** A search bar's choice filter, as wide as its cell. */
export function SelectFilter({ name, label, options }: FilterProps & Pick<SelectProps, 'options'>) {
  return (
    <Form.Item name={name} noStyle>
      <Select
        allowClear
        style={{ width: '100%' }}
        placeholder={label}
        aria-label={label}
        options={options}
      />
    </Form.Item>
  );
}
