import { SESSION_MARKER_COOKIE } from '@kaoshi/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../api/auth';
import { useUserStore } from './user';

vi.mock('../api/auth', () => ({ logout: vi.fn() }));
vi.mock('../i18n', () => ({ default: { t: (key: string) => key } }));
vi.stubGlobal('document', { cookie: '' });

describe('token reset (spec §4: clears the token cookie and roles)', () => {
  beforeEach(() => {
    vi.mocked(authApi.logout).mockReset();
    document.cookie = `${SESSION_MARKER_COOKIE}=1`;
    useUserStore.setState({ roles: ['TEACHER'] });
  });

  it('asks the server to end the session, whose answer clears the HttpOnly token cookie', async () => {
    vi.mocked(authApi.logout).mockResolvedValue(null);
    await useUserStore.getState().resetToken();
    // Quiet: the reset follows an error toast of its own (the guard's).
    expect(authApi.logout).toHaveBeenCalledWith({ quiet: true });
    expect(document.cookie).toContain('Max-Age=0');
    expect(useUserStore.getState().roles).toEqual([]);
  });

  it('clears the marker before the call, and a failed call still resets', async () => {
    let markerAtCall = '';
    vi.mocked(authApi.logout).mockImplementation(async () => {
      markerAtCall = document.cookie;
      throw new Error('offline');
    });
    await expect(useUserStore.getState().resetToken()).resolves.toBeUndefined();
    expect(markerAtCall).toContain('Max-Age=0');
    expect(useUserStore.getState().roles).toEqual([]);
  });
});
