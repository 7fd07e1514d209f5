import { UserType } from '@kaoshi/shared';

/**
 * Whether the user form may offer `type`: the server lets only a SUPER_ADMIN give a type other than
 * teacher, and any user keeps the type they have (so editing them is not refused).
 */
export const userTypeOffered = (type: number, superAdmin: boolean, current?: number) =>
  superAdmin || type === UserType.TEACHER || type === current;
