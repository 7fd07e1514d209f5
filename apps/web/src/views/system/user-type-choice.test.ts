import { UserType } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { userTypeOffered } from './user-type-choice';

const ALL = [UserType.ADMIN, UserType.TEACHER, UserType.STUDENT];
const offered = (superAdmin: boolean, current?: number) =>
  ALL.filter((type) => userTypeOffered(type, superAdmin, current));

describe('the user form’s types', () => {
  it('offers every type to a super administrator', () => {
    expect(offered(true)).toEqual(ALL);
  });

  it('offers another administrator only a teacher, and the type a user already has', () => {
    expect(offered(false)).toEqual([UserType.TEACHER]);
    expect(offered(false, UserType.ADMIN)).toEqual([UserType.ADMIN, UserType.TEACHER]);
  });
});
