/**
 * Cascading selects of the exam structure: project → category → job type → level → batch. Each
 * works inside a Form.Item (value, onChange, id) and loads its options through TanStack Query.
 * A form clears the children of a changed parent with cascadeReset (see its doc).
 */
export { ProjectSelect } from './ProjectSelect';
export { CategorySelect } from './CategorySelect';
export { JobTypeSelect } from './JobTypeSelect';
export { LevelSelect } from './LevelSelect';
export { BatchSelect } from './BatchSelect';
export type { StructureSelectProps } from './StructureOptionSelect';
export { useLevelLabel } from './use-level-label';
export { STRUCTURE_CHAIN, cascadeReset, type StructureField } from './cascade';
export {
  invalidateStructure,
  schoolKeys,
  useBatchOptions,
  useCategoryOptions,
  useJobTypeLevels,
  useJobTypeOptions,
  useProjectOptions,
} from './queries';
