import { Flex, Switch } from 'antd';

interface SmallSwitchProps {
  /** The switch's element id, which its label names. */
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A small switch with its label beside it (a click on the label flips it too). */
export function SmallSwitch({ id, label, checked, onChange }: SmallSwitchProps) {
  return (
    <Flex gap={8} align="center">
      <Switch id={id} size="small" checked={checked} onChange={onChange} />
      <label htmlFor={id}>{label}</label>
    </Flex>
  );
}
