import { QUESTION_TYPES, type QuestionTypeCode } from '@kaoshi/shared';
import { InputNumber, Select, type InputNumberProps } from 'antd';
import type { CSSProperties } from 'react';
import { useCodeOptions } from '../../utils/use-code-label';

/** The paper builder's small inputs in its rows (rules, blueprint, a section's questions). */
type RowInputProps = Pick<
  InputNumberProps<number>,
  'value' | 'disabled' | 'style' | 'aria-label'
> & { onChange: (value: number) => void };

/** The builder's numbers: how many questions a row draws, and a question's points (by halves). */
const NUMBER_LIMITS = {
  count: { min: 1, max: 200, precision: 0 },
  points: { min: 0.01, max: 1000, step: 0.5, precision: 2 },
} as const;

/** A count or points input of a row; clearing it changes nothing. */
export function RowNumberInput({
  of,
  onChange,
  ...props
}: RowInputProps & { of: keyof typeof NUMBER_LIMITS }) {
  return (
    <InputNumber<number>
      size="small"
      {...NUMBER_LIMITS[of]}
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
  const codeOptions = useCodeOptions();
  return (
    <Select<QuestionTypeCode>
      size="small"
      {...props}
      options={codeOptions('questionType', QUESTION_TYPES)}
    />
  );
}
