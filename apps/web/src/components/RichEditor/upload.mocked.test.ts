import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The upload client against a real HTTP server speaking the editor protocol (docs/spec.md §5, §7).
vi.stubGlobal('window', { location: { reload: vi.fn() } });
vi.stubGlobal('document', { cookie: '', documentElement: {} });

const { http: client } = await import('../../api/request');
const { loadWholeLanguage, setLanguage } = await import('../../i18n');
const upload = await import('./upload');

interface Received {
  method: string;
  action: string | null;
  type: string;
  body: string;
}
const received: Received[] = [];
let configAnswer: string;
let uploadAnswer: object;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '', 'http://x');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const action = url.searchParams.get('action');
    received.push({
      method: req.method ?? '',
      action,
      type: String(req.headers['content-type'] ?? ''),
      body: Buffer.concat(chunks).toString('latin1'),
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    if (action === 'config') res.end(configAnswer);
    else if (action === 'catchimage') {
      const sources = new URLSearchParams(Buffer.concat(chunks).toString()).getAll('source[]');
      res.end(
        JSON.stringify({
          state: 'SUCCESS',
          list: sources.map((source, i) =>
            i === 0
              ? { source, state: 'SUCCESS', url: `/api/kaoshi-files/file/${i}.png` }
              : { source, state: 'Not an image', url: '' },
          ),
        }),
      );
    } else res.end(JSON.stringify(uploadAnswer));
  });
});

const imageConfig = {
  imageActionName: 'uploadimage',
  imageFieldName: 'upfile',
  imageMaxSize: 100,
  imageAllowFiles: ['.png', '.jpg'],
  scrawlActionName: 'uploadscrawl',
  scrawlFieldName: 'upfile',
  scrawlMaxSize: 100,
  catcherActionName: 'catchimage',
  catcherFieldName: 'source',
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await loadWholeLanguage(); // the editor's texts load past sign-in
  await setLanguage('en');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received.length = 0;
});

const png = (size: number) => new Blob([new Uint8Array(size)], { type: 'image/png' });
const configError = 'The upload settings could not be loaded';

describe('the editor upload client', () => {
  it('reports an unreadable config as the load-config error and asks again next time', async () => {
    configAnswer = '<html>proxy error</html>';
    await expect(upload.uploadEditorFile('uploadimage', png(10), 'a.png')).rejects.toThrow(
      configError,
    );
    configAnswer = JSON.stringify(imageConfig);
    uploadAnswer = {
      state: 'SUCCESS',
      url: '/api/kaoshi-files/file/a.png',
      title: 'a.png',
      original: 'a.png',
    };
    await expect(upload.uploadEditorFile('uploadimage', png(10), 'a.png')).resolves.toEqual({
      url: '/api/kaoshi-files/file/a.png',
      title: 'a.png',
      original: 'a.png',
    });
    expect(received.filter((r) => r.action === 'config')).toHaveLength(2);
  });

  it('posts the file in the configured field with type=ajax, config read once', async () => {
    await upload.uploadEditorFile('uploadimage', png(10), 'photo.jpg');
    expect(received.map((r) => [r.method, r.action])).toEqual([['POST', 'uploadimage']]);
    const [post] = received;
    expect(post!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(post!.body).toContain('name="upfile"; filename="photo.jpg"');
    expect(post!.body).toMatch(/name="type"\r\n\r\najax\r\n/);
  });

  it('refuses a disallowed type or an oversize file without sending it', async () => {
    await expect(upload.uploadEditorFile('uploadimage', png(10), 'page.svg')).rejects.toThrow(
      /page\.svg: this file type is not allowed/,
    );
    await expect(upload.uploadEditorFile('uploadimage', png(101), 'big.png')).rejects.toThrow(
      'big.png is larger than the 100 B allowed',
    );
    expect(received).toEqual([]);
  });

  it('gives the load-config error for an action the config lacks', async () => {
    await expect(upload.uploadEditorFile('uploadvideo', png(10), 'a.mp4')).rejects.toThrow(
      configError,
    );
    expect(received).toEqual([]);
  });

  it("shows the server's state text when it refuses", async () => {
    uploadAnswer = { state: 'The file is not what its extension says', url: '' };
    await expect(upload.uploadEditorFile('uploadimage', png(10), 'fake.png')).rejects.toThrow(
      'The file is not what its extension says',
    );
  });

  it('sends a scrawl as base64 in the form field, without its data: prefix', async () => {
    uploadAnswer = { state: 'SUCCESS', url: '/api/kaoshi-files/file/s.png' };
    await upload.uploadScrawl('data:image/png;base64,iVBORw0KGgo=');
    const [post] = received;
    expect(post!.action).toBe('uploadscrawl');
    expect(new URLSearchParams(post!.body).get('upfile')).toBe('iVBORw0KGgo=');
  });

  it('captures remote images with one source[] per image and reads each entry', async () => {
    const list = await upload.catchRemoteImages([
      'http://a.example/1.png',
      'http://b.example/2.gif',
    ]);
    expect(new URLSearchParams(received[0]!.body).getAll('source[]')).toEqual([
      'http://a.example/1.png',
      'http://b.example/2.gif',
    ]);
    expect(list).toEqual([
      { source: 'http://a.example/1.png', state: 'SUCCESS', url: '/api/kaoshi-files/file/0.png' },
      { source: 'http://b.example/2.gif', state: 'Not an image', url: '' },
    ]);
  });
});
