import { REQUEST_TIMEOUT_MS } from '@kaoshi/shared';
import { describe, expect, it, vi } from 'vitest';

vi.stubGlobal('window', { location: { reload: vi.fn() } });
vi.stubGlobal('document', { cookie: '', documentElement: {} });

const { http } = await import('../../api/request');
const { uploadEditorFile } = await import('./upload');

describe('editor uploads keep the 60,000 ms of every call (spec §7)', () => {
  it('sends the upload through the request layer with its timeout, not without one', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      imageActionName: 'uploadimage',
      imageFieldName: 'upfile',
      imageMaxSize: 100,
      imageAllowFiles: ['.png'],
    });
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ state: 'SUCCESS', url: '/f/1.png', title: '1.png', original: 'a.png' });
    await uploadEditorFile('uploadimage', new Blob([new Uint8Array(10)]), 'a.png');
    const config = post.mock.calls[0]?.[2] ?? {};
    // No own timeout: the instance's applies.
    expect(config.timeout).toBeUndefined();
    expect(http.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
  });
});
