import { clientPasswordHash } from '@kaoshi/shared';
import { describe, expect, it, vi } from 'vitest';
import { addUser, updateUser } from './system';
import { request } from './request';

vi.mock('./request', () => ({
  request: {
    get: vi.fn(async () => ({ password: clientPasswordHash('123456') })),
    post: vi.fn(async () => ({ id: 9 })),
    put: vi.fn(async () => null),
  },
}));

const form = { name: 'teacher9', nickName: 'Teacher 9', userType: 2 };

describe('addUser and updateUser send the hashed default password (spec §7)', () => {
  it('asks the server for its default once and sends its client hash in both bodies', async () => {
    await addUser(form);
    await updateUser(9, form);
    const hash = clientPasswordHash('123456');
    expect(request.post).toHaveBeenCalledWith(
      '/api/kaoshi-user/user/addUser',
      { ...form, password: hash },
      undefined,
    );
    expect(request.put).toHaveBeenCalledWith(
      '/api/kaoshi-user/user/updateUser',
      { id: 9, ...form, password: hash },
      undefined,
    );
    expect(request.get).toHaveBeenCalledTimes(1);
  });
});
