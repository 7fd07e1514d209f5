import {
  EDITOR_PATH,
  EDITOR_STATE_SUCCESS,
  EditorAction,
  type EditorCatchResult,
  type EditorConfig,
  formatFileSize,
} from '@kaoshi/shared';
import { isAxiosError } from 'axios';
import { ApiError, http } from '../../api/request';
import i18n from '../../i18n';

export type EditorUploadAction = 'uploadimage' | 'uploadvideo' | 'uploadfile' | 'uploadsnapshot';

export interface EditorUploaded {
  url: string;
  title: string;
  original: string;
}

/**
 * An upload or capture the editor could not complete. `message` is what the user reads: already
 * translated, or the server's state text. `shown` is true when the request layer has already
 * told the user (a dropped connection), so the editor does not say it twice.
 */
export class EditorUploadError extends Error {
  constructor(
    message: string,
    readonly shown = false,
  ) {
    super(message);
    this.name = 'EditorUploadError';
  }
}

/** Where each upload action finds its name, field, size limit and extensions in the config. */
const CONFIG_KEYS = {
  uploadimage: 'image',
  uploadvideo: 'video',
  uploadfile: 'file',
  uploadsnapshot: 'snapscreen',
} as const;

export interface UploadRule {
  actionName: string;
  fieldName: string;
  maxSize: number;
  allowFiles: readonly string[];
}

/** The rule for one action, or undefined when the config lacks it (docs/spec.md §5: a load-config error). */
export function uploadRule(
  config: Partial<EditorConfig>,
  action: EditorUploadAction,
): UploadRule | undefined {
  const prefix = CONFIG_KEYS[action];
  const actionName = config[`${prefix}ActionName`];
  const fieldName = config[`${prefix}FieldName`];
  const maxSize = config[`${prefix}MaxSize`];
  const allowFiles = config[`${prefix}AllowFiles`];
  if (!actionName || !fieldName || typeof maxSize !== 'number' || !Array.isArray(allowFiles)) {
    return undefined;
  }
  return { actionName, fieldName, maxSize, allowFiles };
}

/** The extension with its dot, lower case ('' when the name has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot).toLowerCase() : '';
}

/** docs/spec.md §5: why a file may not be uploaded under this rule, or null when it may. */
export function uploadRefusal(rule: UploadRule, name: string, size: number): string | null {
  const extension = extensionOf(name);
  if (!rule.allowFiles.map((allowed) => allowed.toLowerCase()).includes(extension)) {
    return i18n.t('editor.error.type', { name, types: rule.allowFiles.join(' ') });
  }
  if (size > rule.maxSize) {
    return i18n.t('editor.error.size', { name, max: formatFileSize(rule.maxSize) });
  }
  return null;
}

function asObject(data: unknown): Record<string, unknown> | undefined {
  if (typeof data === 'string') {
    try {
      return asObject(JSON.parse(data));
    } catch {
      return undefined;
    }
  }
  return data !== null && typeof data === 'object' && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : undefined;
}

/** docs/spec.md §5: an upload succeeded only with state SUCCESS and a url; else its state text is the error. */
export function parseUploadAnswer(data: unknown): EditorUploaded {
  const body = asObject(data);
  if (!body || typeof body.state !== 'string') {
    throw new EditorUploadError(i18n.t('editor.error.unparseable'));
  }
  if (body.state !== EDITOR_STATE_SUCCESS) {
    throw new EditorUploadError(body.state || i18n.t('editor.error.unparseable'));
  }
  if (typeof body.url !== 'string' || !body.url) {
    throw new EditorUploadError(i18n.t('editor.error.unparseable'));
  }
  return {
    url: body.url,
    title: typeof body.title === 'string' ? body.title : '',
    original: typeof body.original === 'string' ? body.original : '',
  };
}

/** The capture answer's entries; anything else is unparseable. */
export function parseCatchAnswer(data: unknown): EditorCatchResult['list'] {
  const body = asObject(data);
  if (!body || !Array.isArray(body.list)) {
    throw new EditorUploadError(i18n.t('editor.error.unparseable'));
  }
  return body.list.filter(
    (entry): entry is EditorCatchResult['list'][number] =>
      asObject(entry) !== undefined &&
      typeof entry.source === 'string' &&
      typeof entry.state === 'string' &&
      typeof entry.url === 'string',
  );
}

/** Errors of the request layer become EditorUploadErrors; a dropped connection was already shown. */
function toUploadError(error: unknown): EditorUploadError {
  if (error instanceof EditorUploadError) return error;
  if (error instanceof ApiError) return new EditorUploadError(error.message);
  if (isAxiosError(error) && !error.response) {
    return new EditorUploadError(error.message, true);
  }
  return new EditorUploadError(i18n.t('editor.error.unparseable'));
}

let configPromise: Promise<Partial<EditorConfig>> | undefined;

/** `?action=config`, fetched once per page load (a failure is retried next time). */
export function loadEditorConfig(): Promise<Partial<EditorConfig>> {
  configPromise ??= http
    .get<never, unknown>(EDITOR_PATH, {
      params: { action: EditorAction.CONFIG },
      quiet: true,
    })
    .then((data) => {
      const config = asObject(data);
      if (!config) throw new EditorUploadError(i18n.t('editor.error.config'));
      return config as Partial<EditorConfig>;
    })
    .catch((error: unknown) => {
      configPromise = undefined;
      throw error instanceof EditorUploadError
        ? error
        : new EditorUploadError(i18n.t('editor.error.config'), toUploadError(error).shown);
    });
  return configPromise;
}

/** The rule of an action, checked: a missing one is the load-config error of docs/spec.md §5. */
export async function loadUploadRule(action: EditorUploadAction): Promise<UploadRule> {
  const rule = uploadRule(await loadEditorConfig(), action);
  if (!rule) throw new EditorUploadError(i18n.t('editor.error.config'));
  return rule;
}

/** Every editor call keeps the request layer's 60,000 ms (docs/spec.md §7, §9), as every other call. */
async function post(body: FormData | URLSearchParams, action: string) {
  try {
    return await http.post<never, unknown>(EDITOR_PATH, body, {
      params: { action },
      quiet: true,
    });
  } catch (error) {
    throw toUploadError(error);
  }
}

/** Uploads one file after checking its size and extension against the server's config. */
export async function uploadEditorFile(
  action: EditorUploadAction,
  file: Blob,
  name: string,
): Promise<EditorUploaded> {
  const rule = await loadUploadRule(action);
  const refusal = uploadRefusal(rule, name, file.size);
  if (refusal) throw new EditorUploadError(refusal);
  const form = new FormData();
  form.append(rule.fieldName, file, name);
  form.append('type', 'ajax');
  return parseUploadAnswer(await post(form, rule.actionName));
}

/** A scrawl (drawing) as a base64 PNG, with or without its `data:` prefix. */
export async function uploadScrawl(base64Png: string): Promise<EditorUploaded> {
  const config = await loadEditorConfig();
  if (!config.scrawlActionName || !config.scrawlFieldName) {
    throw new EditorUploadError(i18n.t('editor.error.config'));
  }
  const content = base64Png.replace(/^data:[^,]*,/, '');
  // base64 carries 3 bytes in 4 characters.
  if (config.scrawlMaxSize && (content.length * 3) / 4 > config.scrawlMaxSize) {
    throw new EditorUploadError(
      i18n.t('editor.error.size', {
        name: 'scrawl.png',
        max: formatFileSize(config.scrawlMaxSize),
      }),
    );
  }
  const form = new URLSearchParams({ [config.scrawlFieldName]: content });
  return parseUploadAnswer(await post(form, config.scrawlActionName));
}

/** docs/spec.md §7: remote images are captured in one call with a 60 s time limit. */
export async function catchRemoteImages(sources: string[]): Promise<EditorCatchResult['list']> {
  const config = await loadEditorConfig();
  const action = config.catcherActionName;
  const field = config.catcherFieldName;
  if (!action || !field) throw new EditorUploadError(i18n.t('editor.error.config'));
  const form = new URLSearchParams(sources.map((source) => [`${field}[]`, source]));
  return parseCatchAnswer(await post(form, action));
}
