import { QUESTION_TYPES, type QuestionTypeCode } from '@kaoshi/shared';
import { InputNumber, Select, type InputNumberProps, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
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

/** What a section's rule and a blueprint row both have: how many questions of a type, at what points. */
interface DrawRow {
  type: QuestionTypeCode;
  count: number;
  score: number;
}

interface DrawColumnsOptions<R extends DrawRow> {
  /** A row's control's accessible name, e.g. "Count of section 1, rule 2". */
  named: (field: string, index: number) => string;
  /** Changes one row. */
  change: (index: number, row: R, change: Partial<DrawRow>) => void;
  /** Column widths (a fixed table layout) and the controls filling them; else the controls' own. */
  widths?: { type: number; count: number; score: number };
}

/** The type, count and points columns of the rows a paper is drawn by (rules, the blueprint). */
export function useDrawColumns<R extends DrawRow>({
  named,
  change,
  widths,
}: DrawColumnsOptions<R>): TableColumnsType<R> {
  const { t } = useTranslation();
  const fill = widths ? { width: '100%' } : undefined;
  const numberColumn = (field: 'count' | 'score', of: 'count' | 'points') => ({
    title: t(`paper.rules.${field}`),
    key: field,
    width: widths?.[field],
    render: (_: unknown, row: R, index: number) => (
      <RowNumberInput
        of={of}
        value={row[field]}
        aria-label={named(t(`paper.rules.${field}`), index)}
        onChange={(value) => change(index, row, { [field]: value })}
        style={fill}
      />
    ),
  });
  return [
    {
      title: t('question.fields.type'),
      key: 'type',
      width: widths?.type,
      render: (_, row, index) => (
        <QuestionTypeSelect
          style={fill ?? { width: 140 }}
          value={row.type}
          aria-label={named(t('question.fields.type'), index)}
          onChange={(type) => change(index, row, { type })}
        />
      ),
    },
    numberColumn('count', 'count'),
    numberColumn('score', 'points'),
  ];
}
