import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The client runs in a browser: give it the little of one it touches.
const saved: { href: string; download: string }[] = [];
vi.stubGlobal('window', { location: { reload: vi.fn() } });
vi.stubGlobal('document', {
  cookie: '',
  documentElement: {},
  body: { appendChild: () => undefined },
  createElement: () => {
    const link = { href: '', download: '', click: () => saved.push(link), remove: () => undefined };
    return link;
  },
});
const blobs: Blob[] = [];
vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
  blobs.push(blob as Blob);
  return `blob:${blobs.length}`;
});
vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);

interface FakeEvent {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

/** Enough of XMLHttpRequest to play an answer: upload progress, partial text, load. */
class FakeXhr {
  static play: (xhr: FakeXhr) => void;
  static last: FakeXhr | undefined;
  upload: { onprogress: ((event: FakeEvent) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  withCredentials = false;
  timeout = 0;
  responseText = '';
  contentType = '';
  method = '';
  url = '';
  body: FormData | undefined;
  headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
    queueMicrotask(() => FakeXhr.play(this));
  }
  /** Appends text as the network would deliver it, then reports progress. */
  receive(text: string) {
    this.responseText += text;
    this.onprogress?.();
  }
}
const {
  http: client,
  ApiError,
  NETWORK_DISCONNECTED,
  resetToastQuietPeriod,
} = await import('./request');
const { applyStudentImport, downloadStudentTemplate, exportStudents, previewStudentImport } =
  await import('./student-import');
const { registerMessageApi } = await import('../utils/feedback');
// Only now: axios, loaded above without it, keeps its Node adapter for the preview call.
vi.stubGlobal('XMLHttpRequest', FakeXhr);

const toasts: unknown[] = [];
registerMessageApi({
  error: (options: { content: unknown }) => toasts.push(options.content),
  success: () => undefined,
} as unknown as MessageInstance);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const requests: { url: string; type: string; body: string }[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const url = req.url ?? '';
    requests.push({
      url,
      type: req.headers['content-type'] ?? '',
      body: Buffer.concat(chunks).toString(),
    });
    if (url.includes('lang=zh')) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 10001, message: 'Permission denied', data: null }));
      return;
    }
    if (url.startsWith('/api/kaoshi-base/student/importPreview')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 200, message: 'ok', data: { total: 1, rows: [] } }));
      return;
    }
    res.writeHead(200, {
      'content-type': XLSX,
      'content-disposition': `attachment; filename="students.xlsx"; filename*=UTF-8''${encodeURIComponent('考生-20260101.xlsx')}`,
    });
    res.end('xlsx bytes');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  toasts.length = 0;
  saved.length = 0;
  blobs.length = 0;
  requests.length = 0;
  resetToastQuietPeriod();
});

const file = () => new File(['PK...'], 'students.xlsx', { type: XLSX });
const ndjson = 'application/x-ndjson; charset=utf-8';

describe('student import client', () => {
  it('applyStudentImport reports upload then streamed write progress and resolves to the result', async () => {
    const result = { created: 2, updated: 1, skipped: 0, total: 3 };
    FakeXhr.play = (xhr) => {
      xhr.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true });
      xhr.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
      xhr.contentType = ndjson;
      // Lines split anywhere, as chunks arrive.
      xhr.receive('{"phase":"write","done":0,"total":3}\n{"phase":"wr');
      xhr.receive('ite","done":3,"total":3}\n');
      xhr.receive(`${JSON.stringify({ status: 200, message: 'ok', data: result })}\n`);
      xhr.onload?.();
    };
    const progress = vi.fn();
    await expect(applyStudentImport(file(), 'allOrNothing', progress)).resolves.toEqual(result);
    expect(progress.mock.calls.map(([p]) => p)).toEqual([
      { phase: 'upload', done: 40, total: 100 },
      { phase: 'upload', done: 100, total: 100 },
      { phase: 'write', done: 0, total: 3 },
      { phase: 'write', done: 3, total: 3 },
    ]);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${client.defaults.baseURL}/api/kaoshi-base/student/importApply`);
    expect(xhr.withCredentials).toBe(true);
    expect([...xhr.body!.keys()]).toEqual(['mode', 'file']);
    expect(xhr.body!.get('mode')).toBe('allOrNothing');
    expect(toasts).toEqual([]);
  });

  it('a refusal before writing (plain envelope) rejects with the server message, shown once', async () => {
    FakeXhr.play = (xhr) => {
      xhr.contentType = 'application/json; charset=utf-8';
      xhr.responseText = JSON.stringify({
        status: 10002,
        message: 'file: 2 of 3 rows are invalid; nothing was imported',
        data: null,
      });
      xhr.onload?.();
    };
    const failure = applyStudentImport(file(), 'allOrNothing', () => undefined);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 10002 });
    expect(toasts).toEqual(['file: 2 of 3 rows are invalid; nothing was imported']);
  });

  it('a failure while writing (the last NDJSON line) rejects the same way', async () => {
    FakeXhr.play = (xhr) => {
      xhr.contentType = ndjson;
      xhr.receive('{"phase":"write","done":0,"total":3}\n');
      xhr.receive(
        '{"status":500,"message":"Internal error (request r1); nothing was imported","data":null}',
      );
      xhr.onload?.();
    };
    await expect(applyStudentImport(file(), 'skipInvalid', () => undefined)).rejects.toMatchObject({
      status: 500,
      message: 'Internal error (request r1); nothing was imported',
    });
    expect(toasts).toEqual(['Internal error (request r1); nothing was imported']);
  });

  it('no response at all shows the network message', async () => {
    FakeXhr.play = (xhr) => xhr.onerror?.();
    await expect(applyStudentImport(file(), 'skipInvalid', () => undefined)).rejects.toThrow(
      NETWORK_DISCONNECTED,
    );
    expect(toasts).toEqual([NETWORK_DISCONNECTED]);
  });

  it('previewStudentImport posts the file as multipart and resolves to the preview', async () => {
    await expect(previewStudentImport(file())).resolves.toEqual({ total: 1, rows: [] });
    expect(requests[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(requests[0]!.body).toContain('name="file"; filename="students.xlsx"');
  });

  it('downloadStudentTemplate saves the file under the name the server gives, in UTF-8', async () => {
    await downloadStudentTemplate('ja');
    expect(requests[0]!.url).toBe('/api/kaoshi-base/student/importTemplate?lang=ja');
    expect(saved).toEqual([
      expect.objectContaining({ download: '考生-20260101.xlsx', href: 'blob:1' }),
    ]);
    expect(await blobs[0]!.text()).toBe('xlsx bytes');
  });

  it('exportStudents sends the filter without empty fields, plus the language', async () => {
    await exportStudents(
      { keyword: 'Li', classId: 3, status: undefined, orderBy: 'name', order: 'desc' },
      'en',
    );
    expect(requests[0]!.url).toBe(
      '/api/kaoshi-base/student/export?keyword=Li&classId=3&orderBy=name&order=desc&lang=en',
    );
    expect(saved).toHaveLength(1);
  });

  it('a refused download saves nothing and shows the server message', async () => {
    await expect(exportStudents({}, 'zh')).rejects.toMatchObject({ status: 10001 });
    expect(saved).toEqual([]);
    expect(toasts).toEqual(['Permission denied']);
  });
});
