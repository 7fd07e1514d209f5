import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The request layer runs in a browser: give it the little of one it touches.
const reload = vi.fn();
vi.stubGlobal('window', { location: { reload } });
vi.stubGlobal('document', { cookie: '', documentElement: {} });

const {
  http: client,
  request,
  ApiError,
  NETWORK_DISCONNECTED,
  ERROR_TOAST_MS,
  resetToastQuietPeriod,
} = await import('./request');
const { registerMessageApi } = await import('../utils/feedback');
const { setLanguage } = await import('../i18n');

const toasts: { content: unknown; duration: unknown }[] = [];
registerMessageApi({
  error: (options: { content: unknown; duration: unknown }) => toasts.push(options),
  success: () => undefined,
} as unknown as MessageInstance);

/** A real HTTP server answering the way Kaoshi's does: the envelope, HTTP status mirroring it. */
const answers: Record<string, [number, string, string]> = {
  '/ok': [200, 'application/json', JSON.stringify({ status: 200, message: 'ok', data: { a: 1 } })],
  '/pass': [
    200,
    'application/json',
    JSON.stringify({ status: 30001, message: 'note', data: 'kept' }),
  ],
  '/denied': [
    403,
    'application/json',
    JSON.stringify({ status: 10001, message: 'Permission denied', data: null }),
  ],
  '/bad': [
    400,
    'application/json',
    JSON.stringify({ status: 10002, message: 'name: too long', data: null }),
  ],
  '/blank': [400, 'application/json', JSON.stringify({ status: 10002, message: '', data: null })],
  '/expired': [
    401,
    'application/json',
    JSON.stringify({ status: 10000, message: 'expired', data: null }),
  ],
  '/download': [200, 'application/octet-stream', 'binary'],
  '/taken': [
    409,
    'application/json',
    JSON.stringify({ status: 10004, message: '名称：用户名“a”已被占用', data: { field: 'name' } }),
  ],
};
let lastLanguage: string | undefined;
const server = http.createServer((req, res) => {
  lastLanguage = req.headers['accept-language'];
  const [code, type, body] = answers[req.url ?? ''] ?? [404, 'text/plain', 'nope'];
  res.writeHead(code, { 'content-type': type }).end(body);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await setLanguage('en');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  toasts.length = 0;
  reload.mockClear();
  resetToastQuietPeriod();
});

describe('the request layer (spec §7, §8)', () => {
  it('resolves to the data of a 200 envelope', async () => {
    await expect(request.get('/ok')).resolves.toEqual({ a: 1 });
    expect(toasts).toEqual([]);
  });

  it('treats status 30001 as a normal result', async () => {
    await expect(request.get('/pass')).resolves.toBe('kept');
    expect(toasts).toEqual([]);
  });

  it('treats a download as a normal result', async () => {
    const response = (await request.get('/download')) as { data: string };
    expect(response.data).toBe('binary');
  });

  it('fails any other status with the server message as a 5000 ms error toast', async () => {
    const failure = request.get('/denied');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 10001, message: 'Permission denied' });
    expect(toasts).toEqual([{ content: 'Permission denied', duration: ERROR_TOAST_MS / 1000 }]);
  });

  it("says 'Error' when the server gives no message", async () => {
    await expect(request.get('/blank')).rejects.toThrow('Error');
    expect(toasts[0]?.content).toBe('Error');
  });

  it('shows at most one error toast per 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await expect(request.get('/denied')).rejects.toThrow();
      await expect(request.get('/bad')).rejects.toThrow();
      expect(toasts.map((t) => t.content)).toEqual(['Permission denied']);
      vi.setSystemTime(Date.now() + 5001);
      await expect(request.get('/bad')).rejects.toThrow();
      expect(toasts.map((t) => t.content)).toEqual(['Permission denied', 'name: too long']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a quiet call quiet (the sign-in form shows its error in place)', async () => {
    await expect(request.get('/denied', undefined, { quiet: true })).rejects.toThrow(
      'Permission denied',
    );
    expect(toasts).toEqual([]);
  });

  it("asks for the UI's language and keeps the field a refusal blames", async () => {
    await setLanguage('zh');
    try {
      const failure = request.get('/taken', undefined, { quiet: true });
      await expect(failure).rejects.toMatchObject({ status: 10004, field: 'name' });
      expect(lastLanguage).toBe('zh');
      expect(toasts).toEqual([]);
    } finally {
      await setLanguage('en');
    }
    await request.get('/ok');
    expect(lastLanguage).toBe('en');
  });

  it('on 10000 clears the session marker and reloads the page', async () => {
    document.cookie = 'KAOSHI_SESSION=1';
    await expect(request.get('/expired')).rejects.toMatchObject({ status: 10000 });
    expect(document.cookie).toMatch(/^KAOSHI_SESSION=; Max-Age=0/);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });

  it('with no response at all shows the Chinese network message for 5000 ms', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(request.get(`http://127.0.0.1:${port}/ok`)).rejects.toThrow();
    expect(toasts).toEqual([{ content: NETWORK_DISCONNECTED, duration: 5 }]);
  });
});
