/**
 * The structure's fields from parent to child, as forms name them. Choosing a project limits the
 * categories, a category the job types, a job type its levels and batches.
 */
export const STRUCTURE_CHAIN = [
  'schoolId',
  'departmentId',
  'subjectId',
  'level',
  'classId',
] as const;
export type StructureField = (typeof STRUCTURE_CHAIN)[number];

/**
 * The fields to clear after a form changed `changed` (antd's onValuesChange first argument):
 * every field of `chain` below the highest one that changed. Pass the result to setFieldsValue.
 *
 * `chain` is the part of STRUCTURE_CHAIN a form has (e.g. without 'classId'), or its own names.
 */
export function cascadeReset<K extends string>(
  chain: readonly K[],
  changed: object,
): Partial<Record<K, undefined>> {
  const first = chain.findIndex((field) => field in changed);
  if (first < 0) return {};
  return Object.fromEntries(chain.slice(first + 1).map((field) => [field, undefined])) as Partial<
    Record<K, undefined>
  >;
}
