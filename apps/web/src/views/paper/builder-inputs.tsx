import { QUESTION_TYPES, type QuestionTypeCode } from '@kaoshi/shared';
import { InputNumber, Select, type InputNumberProps } from 'antd';
import type { CSSProperties } from 'react';
import { useCodeLabel } from '../../utils/use-code-label';

/** The paper builder's small inputs in its rows (rules, blueprint, a section's questions). */
type RowInputProps = Pick<
  InputNumberProps<number>,
  'value' | 'disabled' | 'style' | 'aria-label'
> & { onChange: (value: number) => void };

/** How many questions a rule or blueprint row draws: a whole number from 1 to 200. */
export function CountInput({ onChange, ...props }: RowInputProps) {
  return (
    <InputNumber<number>
      size="small"
      min={1}
      max={200}
      precision={0}
      {...props}
      onChange={(value) => value !== null && onChange(value)}
    />
  );
}

/** A question's points: 0.01 to 1000, by halves, two decimals. */
export function PointsInput({ onChange, ...props }: RowInputProps) {
  return (
    <InputNumber<number>
      size="small"
      min={0.01}
      max={1000}
      step={0.5}
      precision={2}
      {...props}
      onChange={(value) => value !== null && onChange(value)}
    />
  );
}

interface TypeSelectProps {
  value: QuestionTypeCode;
  onChange: (type: QuestionTypeCode) => void;
  'aria-label': string;
  style: CSSProperties;
}

/** A row's question type. */
export function QuestionTypeSelect(props: TypeSelectProps) {
  const codeLabel = useCodeLabel();
  return (
    <Select<QuestionTypeCode>
      size="small"
      {...props}
      options={QUESTION_TYPES.map((code) => ({
        value: code,
        label: codeLabel('questionType', code),
      }))}
    />
  );
}
