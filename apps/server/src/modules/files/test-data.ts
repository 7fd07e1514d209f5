import { EDITOR_PATH, TOKEN_COOKIE, type EditorUploadResult } from '@kaoshi/shared';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../../test/build-app.js';
import { multipart, type Part } from './fixtures.js';

/** Calls the editor endpoint with a session token and reads the editor's JSON. */
export function editorCaller(t: () => TestApp, token: () => string) {
  const call = async <T>(action: string, options: Partial<InjectOptions> = {}) => {
    const response = await t().app.inject({
      method: 'POST',
      url: `${EDITOR_PATH}?action=${action}`,
      ...options,
      cookies: { [TOKEN_COOKIE]: token() },
    } as InjectOptions);
    return { http: response.statusCode, body: response.json<T>(), response };
  };
  return {
    call,
    upload: (action: string, parts: Part[]) =>
      call<EditorUploadResult>(action, multipart([{ name: 'type', value: 'ajax' }, ...parts])),
    file: (action: string, filename: string, value: Buffer) =>
      call<EditorUploadResult>(
        action,
        multipart([
          { name: 'type', value: 'ajax' },
          { name: 'upfile', value, filename },
        ]),
      ),
    form: <T>(action: string, fields: Record<string, string | string[]>) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) {
        for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
      }
      return call<T>(action, {
        payload: params.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    },
  };
}

/** The uploads table, in the order rows were written. */
export async function uploadRows(t: TestApp) {
  return t.handle.db.selectFrom('uploads').selectAll().orderBy('id').execute();
}
