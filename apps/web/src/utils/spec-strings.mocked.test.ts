import type { Envelope } from '@kaoshi/shared';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The request layer and the stores run in a browser: give them the little of one they touch.
vi.stubGlobal('window', { location: { reload: vi.fn(), href: 'http://kaoshi.test/' } });
vi.stubGlobal('document', { cookie: '', documentElement: {} });
vi.mock('../api/auth', () => ({ getSessionUser: vi.fn() }));

const authApi = await import('../api/auth');
const { rejectEnvelope, resetToastQuietPeriod } = await import('../api/request');
const { useUserStore } = await import('../stores/user');
const { registerMessageApi } = await import('./feedback');
const { setLanguage } = await import('../i18n');
const { specString } = await import('./spec-strings');

const toasts: unknown[] = [];
registerMessageApi({
  error: (options: { content: unknown }) => toasts.push(options.content),
  success: () => undefined,
} as unknown as MessageInstance);
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

/** What the operator's console received, one entry per call. */
const logged = () => consoleError.mock.calls.map((call) => String(call[0]));

describe('spec §5/§8 strings: the user reads the translation, the operator the spec’s words', () => {
  beforeAll(() => setLanguage('zh'));
  afterEach(async () => {
    await setLanguage('zh');
    consoleError.mockClear();
    toasts.length = 0;
    resetToastQuietPeriod();
  });

  it('a missing user: 验证失败 for the user, "Verification failed, please Login again." logged', async () => {
    vi.mocked(authApi.getSessionUser).mockResolvedValue(null as never);
    await expect(useUserStore.getState().getInfo()).rejects.toThrow('验证失败，请重新登录。');
    expect(logged()).toEqual(['Verification failed, please Login again.']);
  });

  it('an empty role list: translated for the user, the spec’s getInfo string logged', async () => {
    await setLanguage('es');
    vi.mocked(authApi.getSessionUser).mockResolvedValue({ roles: [] } as never);
    const refusal = useUserStore.getState().getInfo();
    await expect(refusal).rejects.toThrow(/./);
    await expect(refusal).rejects.not.toThrow('getInfo: roles must be a non-null array!');
    expect(logged()).toEqual(['getInfo: roles must be a non-null array!']);
  });

  it('a failed call without a message: 错误 toasted, "Error" logged', async () => {
    const body: Envelope = { status: 10002, message: '', data: null };
    expect(() => rejectEnvelope(body)).toThrow('错误');
    await vi.waitFor(() => expect(toasts).toEqual(['错误']));
    expect(logged()).toEqual(['Error']);
  });

  it('the guard’s fallback: エラーが発生しました for the user, "Has Error" logged', async () => {
    await setLanguage('ja');
    expect(specString('common.hasError', 'route guard')).toBe('エラーが発生しました');
    expect(logged()).toEqual(['Has Error']);
  });

  it('a failed call with a message logs nothing of the spec’s', () => {
    expect(() => rejectEnvelope({ status: 10002, message: 'x', data: null })).toThrow('x');
    expect(logged()).toEqual([]);
  });
});
