import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { SortField, TextAreaField, TextField } from './fields';
import { useFieldRules } from './use-field-rules';

interface EntityFieldOptions {
  /** The longest name the shared schema takes. */
  nameMax: number;
  /** The shared schema's own check of a code, so the two cannot disagree. */
  codeRule: FormRule;
}

/**
 * The fields a named and coded row shares (a level of the exam structure, a course, an appraisal
 * point): name, code, sort and description, worded by the screen group's catalogue
 * (`<group>.fields.*`).
 */
export function useEntityFields(
  group: 'base' | 'school',
  { nameMax, codeRule }: EntityFieldOptions,
) {
  const { t } = useTranslation();
  const rules = useFieldRules(group);

  const name = (label: string) => (
    <TextField
      name="name"
      label={label}
      max={nameMax}
      rules={[rules.required(label), rules.maxLength(nameMax)]}
    />
  );

  const code = (
    <TextField
      name="code"
      label={t(`${group}.fields.code`)}
      extra={t(`${group}.fields.codeHelp`)}
      max={32}
      rules={[rules.required(t(`${group}.fields.code`)), codeRule]}
    />
  );

  const sort = (
    <SortField label={t(`${group}.fields.sort`)} extra={t(`${group}.fields.sortHelp`)} />
  );

  const description = (
    <TextAreaField
      name="description"
      label={t(`${group}.fields.description`)}
      max={1000}
      rules={[rules.maxLength(1000)]}
    />
  );

  return { name, code, sort, description };
}
