import fs from 'node:fs';
import path from 'node:path';
import {
  EDITOR_PATH,
  EDITOR_STATE_SUCCESS,
  EditorAction,
  FILE_SERVE_PATH,
  Perm,
  TOKEN_COOKIE,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type EditorCatchResult,
  type EditorConfig,
  type EditorUploadResult,
  type UploadKind,
} from '@kaoshi/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/build-app.js';
import { signedInTeacher } from '../../../test/factories.js';
import { FilesService } from './files.service.js';
import { HTML, PNG, SAMPLES, SVG, multipart } from './fixtures.js';
import { editorCaller, uploadRows } from './test-data.js';

const ACTION_OF_KIND: Record<UploadKind, string> = {
  image: EditorAction.UPLOAD_IMAGE,
  video: EditorAction.UPLOAD_VIDEO,
  file: EditorAction.UPLOAD_FILE,
};

/** Every file under DATA_DIR/uploads, relative to it. */
function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}

describe('editor uploads', () => {
  let t: TestApp;
  let token: string;
  const editor = editorCaller(
    () => t,
    () => token,
  );
  const get = (url: string, headers: Record<string, string> = {}, asToken = token) =>
    t.app.inject({ method: 'GET', url, headers, cookies: { [TOKEN_COOKIE]: asToken } });

  beforeAll(async () => {
    t = await createTestApp();
    token = (await login(t.app)).token!;
  });
  afterAll(() => t.close());

  it('answers the configuration: field, limits and extensions per kind, actions, catcher', async () => {
    const response = await get(`${EDITOR_PATH}?action=config`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const config = response.json<EditorConfig>();
    expect(config).toMatchObject({
      imageActionName: 'uploadimage',
      imageFieldName: 'upfile',
      imageMaxSize: UPLOAD_MAX_BYTES.image,
      imageAllowFiles: ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp'],
      scrawlActionName: 'uploadscrawl',
      snapscreenActionName: 'uploadsnapshot',
      videoActionName: 'uploadvideo',
      videoMaxSize: UPLOAD_MAX_BYTES.video,
      videoAllowFiles: ['.mp4', '.webm', '.ogg', '.mp3', '.m4a', '.wav'],
      fileActionName: 'uploadfile',
      fileMaxSize: UPLOAD_MAX_BYTES.file,
      catcherActionName: 'catchimage',
      catcherFieldName: 'source',
      catcherMaxSize: UPLOAD_MAX_BYTES.image,
      catcherTimeout: 60000,
      imageUrlPrefix: '',
      fileServePath: FILE_SERVE_PATH,
      actions: EditorAction,
    });
    for (const extension of ['.pdf', '.docx', '.xls', '.pptx', '.txt', '.zip', '.png', '.mp4']) {
      expect(config.fileAllowFiles).toContain(extension);
    }
    expect(config.fileAllowFiles).not.toContain('.svg');
    expect(config.imageAllowFiles).not.toContain('.svg');
  });

  it('answers an unknown action with a state text, not an error', async () => {
    const got = await get(`${EDITOR_PATH}?action=listimage`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ state: 'Unknown action "listimage"' });
    const long = await get(`${EDITOR_PATH}?action=${'x'.repeat(41)}`);
    expect(long.statusCode).toBe(200);
    expect(long.json<EditorUploadResult>().state).toBe('The request could not be read');
    const posted = await editor.call<EditorUploadResult>('deleteAll', { payload: {} });
    expect(posted.http).toBe(200);
    expect(posted.body.state).toBe('Unknown action "deleteAll"');
  });

  it('words every state in the language the request asks for', async () => {
    const unknown = await editor.call<EditorUploadResult>('deleteAll', {
      payload: {},
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(unknown.body.state).toBe('未知操作 "deleteAll"');
    const svg = multipart([{ name: 'upfile', value: Buffer.from('<svg/>'), filename: 'a.svg' }]);
    const typed = await editor.call<EditorUploadResult>('uploadimage', {
      ...svg,
      headers: { ...svg.headers, 'accept-language': 'ja' },
    });
    expect(typed.body.state).toMatch(/^画像に \.svg 形式は使えません（使える形式：\.png /);
    const captured = await editor.call<EditorCatchResult>('catchimage', {
      payload: 'source[]=not%20a%20url',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es' },
    });
    expect(captured.body).toEqual({
      state: 'No se pudo capturar ninguna imagen remota',
      list: [{ source: 'not a url', state: 'No es una URL válida', url: '' }],
    });
  });

  for (const kind of ['image', 'video', 'file'] as const) {
    it(`stores every allowed ${kind} extension under a random name and serves it back`, async () => {
      for (const extension of UPLOAD_EXTENSIONS[kind]) {
        const content = SAMPLES[extension]!;
        const original = `题目 ${kind}${extension.toUpperCase()}`;
        const { http: status, body } = await editor.file(ACTION_OF_KIND[kind], original, content);
        expect(status).toBe(200);
        expect(body, `${kind} ${extension}`).toMatchObject({
          state: EDITOR_STATE_SUCCESS,
          original,
          type: extension,
          size: content.length,
        });
        expect(body.title).toMatch(new RegExp(`^[0-9a-f]{32}\\${extension}$`));
        expect(body.url).toBe(`${FILE_SERVE_PATH}${body.title}`);
        const served = await get(body.url);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(content)).toBe(true);
        const row = await t.handle.db
          .selectFrom('uploads')
          .selectAll()
          .where('stored_name', '=', body.title)
          .executeTakeFirstOrThrow();
        const now = new Date();
        const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
        expect(row).toMatchObject({
          kind,
          original_name: original,
          stored_path: `${month}/${body.title}`,
          size: content.length,
        });
        expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', month, body.title))).toBe(true);
      }
    });
  }

  it('keeps the extension when it shortens a name over 200 characters', async () => {
    const long = `${'报告'.repeat(150)}.pdf`;
    const { body } = await editor.file(EditorAction.UPLOAD_FILE, long, SAMPLES['.pdf']!);
    expect(body).toMatchObject({ state: EDITOR_STATE_SUCCESS, type: '.pdf' });
    expect([...body.original]).toHaveLength(200);
    expect(body.original).toBe(`${'报告'.repeat(98)}.pdf`);
    const image = await editor.file(EditorAction.UPLOAD_IMAGE, `${'a'.repeat(300)}.png`, PNG);
    expect(image.body).toMatchObject({ state: EDITOR_STATE_SUCCESS, type: '.png' });
    expect(image.body.original).toBe(`${'a'.repeat(196)}.png`);
  });

  it('takes back an upload that what it was for refused: its row and its file', async () => {
    const files = new FilesService(t.handle.db, {
      dataDir: t.config.dataDir,
      allowPrivateFetch: false,
    });
    const before = storedFiles(t);
    const stored = await files.storeBuffer('image', 'piece.png', '.png', PNG, 1);
    expect(await files.find(stored.title)).toBeDefined();
    expect(storedFiles(t)).toHaveLength(before.length + 1);
    await files.discard(stored.title);
    expect(await files.find(stored.title)).toBeUndefined();
    expect(storedFiles(t)).toEqual(before);
  });

  it('takes a screen snapshot like an image, a nameless PNG blob included', async () => {
    const named = await editor.file(EditorAction.UPLOAD_SNAPSHOT, 'snap.png', PNG);
    expect(named.body).toMatchObject({ state: EDITOR_STATE_SUCCESS, type: '.png' });
    const blob = await editor.file(EditorAction.UPLOAD_SNAPSHOT, 'blob', PNG);
    expect(blob.body).toMatchObject({
      state: EDITOR_STATE_SUCCESS,
      type: '.png',
      original: 'blob',
    });
    const notPng = await editor.file(EditorAction.UPLOAD_SNAPSHOT, 'blob', SAMPLES['.gif']!);
    expect(notPng.body.state).toMatch(/does not match its type \.png/);
    const html = await editor.file(EditorAction.UPLOAD_SNAPSHOT, 'blob', HTML);
    expect(html.body.state).toMatch(/markup/);
  });

  describe('refusals keep nothing', () => {
    let rowsBefore: number;
    let filesBefore: string[];
    beforeAll(async () => {
      rowsBefore = (await uploadRows(t)).length;
      filesBefore = storedFiles(t);
    });
    afterAll(async () => {
      expect((await uploadRows(t)).length).toBe(rowsBefore);
      expect(storedFiles(t)).toEqual(filesBefore);
    });

    const refused = async (action: string, filename: string, content: Buffer, state: RegExp) => {
      const { http: status, body } = await editor.file(action, filename, content);
      expect(status).toBe(200);
      expect(body.state, `${action} ${filename}`).toMatch(state);
      expect(body.url).toBe('');
    };

    it('over the size of its kind', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES.image + 1 - PNG.length)]);
      await refused('uploadimage', 'big.png', big, /larger than 5 MB, the limit for images/);
      const exact = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES.image - PNG.length)]);
      const { body } = await editor.file('uploadimage', 'exact.png', exact);
      expect(body.state).toBe(EDITOR_STATE_SUCCESS);
      rowsBefore++;
      filesBefore = [...filesBefore, ...storedFiles(t).filter((f) => f.endsWith(body.title))];
    });

    it('an extension off the allow-list for its kind', async () => {
      for (const [action, name] of [
        ['uploadimage', 'vector.svg'],
        ['uploadimage', 'page.html'],
        ['uploadimage', 'clip.mp4'],
        ['uploadimage', 'noextension'],
        ['uploadvideo', 'photo.png'],
        ['uploadfile', 'vector.svg'],
        ['uploadfile', 'page.htm'],
        ['uploadfile', 'setup.exe'],
        ['uploadfile', 'script.js'],
        ['uploadfile', 'photo.png.exe'],
      ] as const) {
        await refused(action, name, PNG, /is not allowed for (images|videos|files) \(allowed: /);
      }
    });

    it('content that does not match its extension', async () => {
      await refused('uploadimage', 'a.png', SAMPLES['.jpg']!, /does not match its type \.png/);
      await refused('uploadimage', 'a.jpg', SAMPLES['.png']!, /does not match its type \.jpg/);
      await refused('uploadimage', 'a.bmp', Buffer.from('BMnot really'), /does not match/);
      await refused('uploadvideo', 'a.mp4', SAMPLES['.webm']!, /does not match/);
      await refused('uploadfile', 'a.pdf', SAMPLES['.zip']!, /does not match/);
      await refused('uploadfile', 'a.docx', SAMPLES['.pdf']!, /does not match/);
      await refused('uploadfile', 'a.txt', SAMPLES['.png']!, /does not match/);
      await refused('uploadfile', 'a.zip', Buffer.from('MZ\x90\x00'), /does not match/);
    });

    it('SVG and HTML disguised as images', async () => {
      for (const extension of ['.png', '.jpg', '.gif', '.webp', '.bmp']) {
        await refused('uploadimage', `x${extension}`, SVG, /HTML\/SVG markup/);
        await refused('uploadimage', `x${extension}`, HTML, /HTML\/SVG markup/);
        await refused('uploadfile', `x${extension}`, SVG, /HTML\/SVG markup/);
      }
      await refused('uploadfile', 'x.pdf', HTML, /HTML\/SVG markup/);
    });

    it('an empty file, no file, a file in another field, a second file, not multipart', async () => {
      await refused('uploadimage', 'empty.png', Buffer.alloc(0), /empty/);
      await refused('uploadfile', 'empty.txt', Buffer.alloc(0), /empty/);
      const none = await editor.upload('uploadimage', []);
      expect(none.body.state).toMatch(/No file was sent \(multipart field "upfile"\)/);
      const other = await editor.upload('uploadimage', [
        { name: 'file', value: PNG, filename: 'a.png' },
      ]);
      expect(other.body.state).toMatch(/field "upfile"/);
      const two = await editor.upload('uploadimage', [
        { name: 'upfile', value: PNG, filename: 'a.png' },
        { name: 'upfile', value: PNG, filename: 'b.png' },
      ]);
      expect(two.body.state).toMatch(/one file at a time/);
      rowsBefore = (await uploadRows(t)).length;
      filesBefore = storedFiles(t);
      const json = await editor.call<EditorUploadResult>('uploadimage', {
        payload: { upfile: 'x' },
      });
      expect(json.http).toBe(200);
      expect(json.body.state).toMatch(/No file was sent/);
    });
  });

  describe('serving', () => {
    let image: EditorUploadResult;
    let pdf: EditorUploadResult;
    let video: EditorUploadResult;
    beforeAll(async () => {
      image = (await editor.file('uploadimage', 'a.png', PNG)).body;
      pdf = (await editor.file('uploadfile', '考试须知 v2;.pdf', SAMPLES['.pdf']!)).body;
      video = (await editor.file('uploadvideo', 'clip.webm', SAMPLES['.webm']!)).body;
    });

    const expectSafeHeaders = (response: LightMyRequestResponse) => {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    };

    it('an image inline with its sniffed type, no-sniff, a sandboxing CSP and long caching', async () => {
      const response = await get(image.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-disposition']).toBe('inline');
      expect(Number(response.headers['content-length'])).toBe(PNG.length);
      expectSafeHeaders(response);
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await get(image.url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('a document as a download under its original name', async () => {
      const response = await get(pdf.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${pdf.title}"; filename*=UTF-8''${encodeURIComponent('考试须知 v2;.pdf')}`,
      );
      expectSafeHeaders(response);
      const text = await editor.file('uploadfile', 'notes.txt', SAMPLES['.txt']!);
      expect(text.body.state).toBe(EDITOR_STATE_SUCCESS);
      const served = await get(text.body.url);
      expect(served.headers['content-type']).toMatch(/^text\/plain/);
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('a video inline, with byte ranges', async () => {
      const content = SAMPLES['.webm']!;
      const whole = await get(video.url);
      expect(whole.headers['content-type']).toBe('video/webm');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const part = await get(video.url, { range: 'bytes=2-5' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 2-5/${content.length}`);
      expect(part.rawPayload.equals(content.subarray(2, 6))).toBe(true);
      const tail = await get(video.url, { range: 'bytes=-4' });
      expect(tail.rawPayload.equals(content.subarray(-4))).toBe(true);
      const beyond = await get(video.url, { range: `bytes=${content.length}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${content.length}`);
    });

    it('refuses unknown names and any path traversal with 404', async () => {
      fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'TOP-SECRET-CONTENT');
      for (const name of [
        '0123456789abcdef0123456789abcdef.png',
        '..%2Fkaoshi.db',
        '..%2F..%2Fsecret.txt',
        '%2E%2E%2Fsecret.txt',
        '..%5Csecret.txt',
        `${image.title.slice(0, -4)}%2F..%2F..%2Fsecret.txt`,
        'kaoshi.db',
        `${image.title}%00.html`,
        image.title.toUpperCase(),
      ]) {
        const response = await get(`${FILE_SERVE_PATH}${name}`);
        expect(response.statusCode, name).toBe(404);
        expect(response.json()).toMatchObject({ status: 10003 });
      }
      for (const url of [
        `${FILE_SERVE_PATH}../../secret.txt`,
        `${FILE_SERVE_PATH}2026/../../secret.txt`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('TOP-SECRET-CONTENT');
      }
    });

    it('serves to any signed-in user and to nobody else', async () => {
      const admin = await login(t.app);
      const student = await signedInTeacher(t.app, admin, []);
      const asTeacher = await get(image.url, {}, student.client.token!);
      expect(asTeacher.statusCode).toBe(200);
      const anonymous = await t.app.inject({ method: 'GET', url: image.url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: 10000 });
    });
  });

  describe('scrawl', () => {
    it('stores a base64 PNG sent as a form field, with or without a data: prefix', async () => {
      const plain = await editor.form<EditorUploadResult>('uploadscrawl', {
        upfile: PNG.toString('base64'),
        type: 'ajax',
      });
      expect(plain.body).toMatchObject({ state: EDITOR_STATE_SUCCESS, type: '.png' });
      expect((await get(plain.body.url)).rawPayload.equals(PNG)).toBe(true);
      const prefixed = await editor.form<EditorUploadResult>('uploadscrawl', {
        upfile: `data:image/png;base64,${PNG.toString('base64')}`,
      });
      expect(prefixed.body.state).toBe(EDITOR_STATE_SUCCESS);
      const inMultipart = await editor.upload('uploadscrawl', [
        { name: 'upfile', value: PNG.toString('base64') },
      ]);
      expect(inMultipart.body.state).toBe(EDITOR_STATE_SUCCESS);
    });

    it('refuses what is not a base64 PNG', async () => {
      const refusedStates = [
        [{}, /No drawing was sent/],
        [{ upfile: '' }, /No drawing was sent/],
        [{ upfile: '<svg onload=alert(1)>' }, /not base64/],
        [{ upfile: SAMPLES['.gif']!.toString('base64') }, /does not match its type \.png/],
        [{ upfile: SVG.toString('base64') }, /markup/],
      ] as const;
      for (const [fields, state] of refusedStates) {
        const { body } = await editor.form<EditorUploadResult>('uploadscrawl', fields);
        expect(body.state).toMatch(state);
      }
      const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES.image)]).toString('base64');
      const { body } = await editor.form<EditorUploadResult>('uploadscrawl', { upfile: big });
      expect(body.state).toMatch(/larger than 5 MB/);
    });
  });

  it('answers a state when the body itself is refused (too large, malformed)', async () => {
    const huge = await editor.call<EditorUploadResult>('catchimage', {
      payload: `source[]=${'a'.repeat(8 * 1024 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(huge.http).toBe(200);
    expect(huge.body.state).toMatch(/^Request is larger than \d/);
    const malformed = await editor.call<EditorUploadResult>('catchimage', {
      payload: '{"source": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.http).toBe(200);
    expect(malformed.body.state).toBe('The request could not be read');
    for (const action of [EditorAction.UPLOAD_IMAGE, EditorAction.UPLOAD_SCRAWL]) {
      const noBoundary = await editor.call<EditorUploadResult>(action, {
        payload: 'abc',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(noBoundary.http).toBe(200);
      expect(noBoundary.body.state, action).toBe('Malformed multipart form');
    }
  });

  describe('permissions', () => {
    it('needs a question, paper or notice key to upload or read the config', async () => {
      const admin = await login(t.app);
      const nobody = await signedInTeacher(t.app, admin, [Perm.STUDENT]);
      const config = await get(`${EDITOR_PATH}?action=config`, {}, nobody.client.token!);
      expect(config.statusCode).toBe(403);
      expect(config.json()).toMatchObject({ status: 10001 });
      const upload = await t.app.inject({
        method: 'POST',
        url: `${EDITOR_PATH}?action=uploadimage`,
        ...multipart([{ name: 'upfile', value: PNG, filename: 'a.png' }]),
        cookies: { [TOKEN_COOKIE]: nobody.client.token! },
      });
      expect(upload.statusCode).toBe(403);
      expect(upload.json()).toMatchObject({ status: 10001 });
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `${EDITOR_PATH}?action=uploadimage`,
        ...multipart([{ name: 'upfile', value: PNG, filename: 'a.png' }]),
      });
      expect(anonymous.statusCode).toBe(401);

      for (const key of [Perm.QUESTION, Perm.PAPER, Perm.INSTRUCTION]) {
        const writer = await signedInTeacher(t.app, admin, [key]);
        const response = await t.app.inject({
          method: 'POST',
          url: `${EDITOR_PATH}?action=uploadimage`,
          ...multipart([{ name: 'upfile', value: PNG, filename: 'a.png' }]),
          cookies: { [TOKEN_COOKIE]: writer.client.token! },
        });
        expect(response.json<EditorUploadResult>().state, key).toBe(EDITOR_STATE_SUCCESS);
        const row = await t.handle.db
          .selectFrom('uploads')
          .select('owner_id')
          .where('stored_name', '=', response.json<EditorUploadResult>().title)
          .executeTakeFirstOrThrow();
        expect(row.owner_id).toBe(writer.id);
      }
    });
  });
});
