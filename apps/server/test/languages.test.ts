import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, appWithAdmin, type ApiResult, type TestApp } from './build-app.js';
import { USER, expectStatus, uniqueName } from './factories.js';
import { runImportJob } from './imports.js';
import { multipart } from '../src/modules/files/fixtures.js';
import { SCHOOL } from '../src/modules/school/structure.fixtures.js';

type Language = 'zh' | 'en' | 'es' | 'ja';
const LANGUAGES: Language[] = ['zh', 'en', 'es', 'ja'];

/** The web sends its language (and a browser its own) as Accept-Language. */
const inLanguage = (language: string, request: InjectOptions): InjectOptions => ({
  ...request,
  headers: { ...request.headers, 'accept-language': language },
});

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('refusals are worded in the language of the request', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  const inEach = async (request: InjectOptions, client = admin) => {
    const answers = {} as Record<Language, ApiResult>;
    for (const language of LANGUAGES) {
      answers[language] = await client.request(inLanguage(language, request));
    }
    return answers;
  };

  it('a taken username: 10004 in each language, naming the field there and in data', async () => {
    const name = uniqueName('taken');
    const user = { name, nickName: 'Taken', userType: 2 };
    expectStatus(await admin.post(`${USER}/addUser`, user), 200);
    const answers = await inEach({ method: 'POST', url: `${USER}/addUser`, payload: user });
    for (const language of LANGUAGES) {
      expectStatus(answers[language], 10004);
      expect(answers[language].body.data).toEqual({ field: 'name' });
    }
    expect(answers.zh.body.message).toBe(`名称：用户名“${name}”已被占用`);
    expect(answers.en.body.message).toBe(`Name: the username "${name}" is taken`);
    expect(answers.es.body.message).toBe(`Nombre: el nombre de usuario "${name}" ya está en uso`);
    expect(answers.ja.body.message).toBe(`名前：ユーザー名「${name}」は既に使われています`);
  });

  it('a taken exam project code in each language', async () => {
    const school = { name: 'Languages', code: uniqueName('LANG') };
    expectStatus(await admin.post(`${SCHOOL}/addSchool`, school), 200);
    const answers = await inEach({ method: 'POST', url: `${SCHOOL}/addSchool`, payload: school });
    expect(answers.zh.body.message).toBe(`编码：编码 ${school.code} 已存在`);
    expect(answers.en.body.message).toBe(`Code: the code ${school.code} exists`);
    expect(answers.es.body.message).toBe(`Código: el código ${school.code} ya existe`);
    expect(answers.ja.body.message).toBe(`コード：コード ${school.code} は既に存在します`);
    for (const language of LANGUAGES)
      expect(answers[language].body.data).toEqual({ field: 'code' });
  });

  it("a zod refusal is worded by zod's locale of the language, after the field's label", async () => {
    const user = { name: 'x'.repeat(100), nickName: 'Long', userType: 2 };
    const answers = await inEach({ method: 'POST', url: `${USER}/addUser`, payload: user });
    for (const language of LANGUAGES) {
      expectStatus(answers[language], 10002);
      expect(answers[language].body.data).toEqual({ field: 'name' });
    }
    expect(answers.zh.body.message).toMatch(/^名称：.*64/);
    expect(answers.en.body.message).toBe('Name: Too big: expected string to have <=64 characters');
    expect(answers.es.body.message).toMatch(/^Nombre: .*64/);
    expect(answers.ja.body.message).toMatch(/^名前：.*64/);
    for (const language of ['zh', 'ja'] as const) {
      expect(answers[language].body.message.replace(/^.*?：/, '')).toMatch(CJK);
    }
    expect(answers.es.body.message).not.toMatch(/Too big/);
  });

  it("a schema's own rule in each language (a role key's letters)", async () => {
    const answers = await inEach({
      method: 'POST',
      url: '/api/kaoshi-user/role/addRole',
      payload: { name: 'Lower', key: 'lower_case' },
    });
    expect(answers.zh.body.message).toBe('标识：必须以大写字母开头，只能包含大写字母、数字和 _');
    expect(answers.en.body.message).toBe(
      'Key: must be upper-case letters, digits and _, starting with a letter',
    );
    expect(answers.es.body.message).toMatch(/^Clave: debe tener letras mayúsculas/);
    expect(answers.ja.body.message).toMatch(/^キー：英大文字で始まり/);
  });

  it('access, routes and the request itself in each language', async () => {
    const anonymous = await inEach({ method: 'GET', url: `${USER}/listUser` }, new Client(t.app));
    expect(anonymous.zh.body.message).toBe('未登录或登录已过期');
    expect(anonymous.ja.body.message).toMatch(CJK);
    expect(anonymous.es.body.message).toBe('No ha iniciado sesión o la sesión ha caducado');
    const route = await inEach({ method: 'GET', url: '/api/kaoshi-user/nope' });
    expect(route.zh.body.message).toBe('接口 GET /api/kaoshi-user/nope 不存在');
    const json = await inEach({
      method: 'POST',
      url: `${USER}/addUser`,
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expectStatus(json.zh, 10002);
    expect(json.zh.body.message).toBe('请求体：请求体不是有效的 JSON');
    expect(json.en.body.message).toBe('Body: the body is not valid JSON');
  });

  it('a file that is not a workbook, in each language, on the file field', async () => {
    const upload = multipart([
      { name: 'file', filename: 'students.xlsx', value: Buffer.from('name,idNumber\n') },
    ]);
    // The file is read by the import's job: its error is worded in the language of the poll.
    const answers = {} as Record<Language, ApiResult>;
    for (const language of LANGUAGES) {
      answers[language] = await runImportJob(
        admin,
        inLanguage(language, {
          method: 'POST',
          url: '/api/kaoshi-base/student/importPreview',
          ...upload,
        }),
      );
    }
    for (const language of LANGUAGES) {
      expectStatus(answers[language], 10002);
      expect(answers[language].body.data).toEqual({ field: 'file' });
    }
    expect(answers.zh.body.message).toMatch(/^文件：不是 Excel 工作簿（\.xlsx）/);
    expect(answers.en.body.message).toMatch(/^File: not an Excel workbook \(\.xlsx\)/);
    expect(answers.es.body.message).toMatch(/^Archivo: no es un libro de Excel/);
    expect(answers.ja.body.message).toMatch(/^ファイル：Excel ブック/);
  });

  it('picks the first language it speaks from a browser header, else English', async () => {
    const request = { method: 'GET' as const, url: '/api/kaoshi-user/nope' };
    const ask = async (header: string) =>
      (await new Client(t.app).request(inLanguage(header, request))).body.message;
    expect(await ask('fr-FR,ja;q=0.8,zh;q=0.5')).toMatch(/^エンドポイント/);
    expect(await ask('de-DE,de;q=0.9')).toMatch(/^No such endpoint/);
    expect((await new Client(t.app).request(request)).body.message).toMatch(/^No such endpoint/);
  });
});
