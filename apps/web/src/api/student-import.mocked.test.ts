import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_TIMEOUT_MS } from '@kaoshi/shared';
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
  onabort: (() => void) | null = null;
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
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  aborted = false;
  /** The server's answer: a JSON envelope. */
  answer(envelope: unknown) {
    this.contentType = 'application/json; charset=utf-8';
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
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
/** What the job route answers, one per read. */
const jobAnswers: unknown[] = [];
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
    if (url.startsWith('/api/kaoshi-base/student/importJob/')) {
      if (jobAnswers[0] === 'no answer') {
        jobAnswers.shift();
        res.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 200, message: 'ok', data: jobAnswers.shift() }));
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
  jobAnswers.length = 0;
  resetToastQuietPeriod();
});

const file = () => new File(['PK...'], 'students.xlsx', { type: XLSX });
const job = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  action: 'apply',
  phase: 'check',
  done: 0,
  total: 0,
  result: null,
  error: null,
  ...fields,
});
const started = (id: number) => ({ status: 200, message: 'ok', data: job(id) });

describe('student import client', () => {
  it('applyStudentImport uploads, reads the job until done, reports each step and resolves to the result', async () => {
    const result = { created: 2, updated: 1, skipped: 0, total: 3 };
    FakeXhr.play = (xhr) => {
      xhr.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true });
      xhr.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
      xhr.answer(started(7));
    };
    jobAnswers.push(
      job(7, { phase: 'write', done: 2, total: 3 }),
      job(7, { phase: 'done', done: 3, total: 3, result }),
    );
    const progress = vi.fn();
    await expect(applyStudentImport(file(), 'allOrNothing', progress)).resolves.toEqual(result);
    expect(progress.mock.calls.map(([p]) => p)).toEqual([
      { phase: 'upload', done: 40, total: 100 },
      { phase: 'upload', done: 100, total: 100 },
      { phase: 'check', done: 0, total: 0 },
      { phase: 'write', done: 2, total: 3 },
    ]);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${client.defaults.baseURL}/api/kaoshi-base/student/importApply`);
    expect(xhr.withCredentials).toBe(true);
    expect([...xhr.body!.keys()]).toEqual(['mode', 'file']);
    expect(xhr.body!.get('mode')).toBe('allOrNothing');
    expect(requests.map((request) => request.url)).toEqual([
      '/api/kaoshi-base/student/importJob/7',
      '/api/kaoshi-base/student/importJob/7',
    ]);
    expect(toasts).toEqual([]);
  });

  it('a refusal of the upload (plain envelope) rejects with the server message, shown once', async () => {
    FakeXhr.play = (xhr) =>
      xhr.answer({
        status: 10002,
        message: 'mode: must be one of skipInvalid, allOrNothing',
        data: null,
      });
    const failure = applyStudentImport(file(), 'allOrNothing', () => undefined);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 10002 });
    expect(toasts).toEqual(['mode: must be one of skipInvalid, allOrNothing']);
    expect(requests).toEqual([]);
  });

  it('a failed job rejects as its error would, naming the field, shown once', async () => {
    FakeXhr.play = (xhr) => xhr.answer(started(8));
    jobAnswers.push(
      job(8, {
        phase: 'failed',
        error: {
          status: 10002,
          message: 'File: 2 of 3 rows are invalid; nothing was imported',
          field: 'file',
        },
      }),
    );
    await expect(applyStudentImport(file(), 'skipInvalid', () => undefined)).rejects.toMatchObject({
      status: 10002,
      message: 'File: 2 of 3 rows are invalid; nothing was imported',
      field: 'file',
    });
    expect(toasts).toEqual(['File: 2 of 3 rows are invalid; nothing was imported']);
  });

  it('a read of the job that gets no answer is tried again: the job goes on on the server', async () => {
    FakeXhr.play = (xhr) => xhr.answer(started(10));
    jobAnswers.push('no answer', job(10, { phase: 'done', result: { created: 1 } }));
    await expect(applyStudentImport(file(), 'skipInvalid', () => undefined)).resolves.toEqual({
      created: 1,
    });
    expect(requests).toHaveLength(2);
    expect(toasts).toEqual([NETWORK_DISCONNECTED]);
  });

  it('no response at all shows the network message', async () => {
    FakeXhr.play = (xhr) => xhr.onerror?.();
    await expect(applyStudentImport(file(), 'skipInvalid', () => undefined)).rejects.toThrow(
      NETWORK_DISCONNECTED,
    );
    expect(toasts).toEqual([NETWORK_DISCONNECTED]);
  });

  it('the upload is given up only after a whole call timeout with no upload progress', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      FakeXhr.play = (xhr) =>
        xhr.upload.onprogress?.({ loaded: 1, total: 100, lengthComputable: true });
      const upload = applyStudentImport(file(), 'skipInvalid', () => undefined);
      const failure = expect(upload).rejects.toThrow(NETWORK_DISCONNECTED);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1000);
      const xhr = FakeXhr.last!;
      // Slow but moving: each progress starts the wait again.
      xhr.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1000);
      expect(xhr.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(2000);
      expect(xhr.aborted).toBe(true);
      await failure;
    } finally {
      vi.useRealTimers();
    }
  });

  it('previewStudentImport uploads the file and resolves to the job’s preview', async () => {
    FakeXhr.play = (xhr) => xhr.answer(started(9));
    jobAnswers.push(job(9, { action: 'preview', phase: 'done', result: { total: 1, rows: [] } }));
    await expect(previewStudentImport(file())).resolves.toEqual({ total: 1, rows: [] });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe(`${client.defaults.baseURL}/api/kaoshi-base/student/importPreview`);
    expect([...xhr.body!.keys()]).toEqual(['file']);
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
