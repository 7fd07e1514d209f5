import { ClassStatus } from '@kaoshi/shared';
import type { ClassStatusCode } from '../../api/school';

/** Projects, categories and job types: 1 active, 0 disabled. */
export const ACTIVE_STATUS = [
  { value: 1, key: 'active', color: 'green' },
  { value: 0, key: 'disabled', color: 'default' },
] as const;

/** Registration batches, in their life order. */
export const CLASS_STATUS = [
  { value: ClassStatus.PREPARING, key: 'preparing', color: 'gold' },
  { value: ClassStatus.OPEN, key: 'open', color: 'green' },
  { value: ClassStatus.CLOSED, key: 'closed', color: 'orange' },
  { value: ClassStatus.FINISHED, key: 'finished', color: 'default' },
] as const satisfies readonly { value: ClassStatusCode; key: string; color: string }[];

export const activeStatusOf = (status: number) =>
  ACTIVE_STATUS.find((entry) => entry.value === status);
export const classStatusOf = (status: number) =>
  CLASS_STATUS.find((entry) => entry.value === status);
