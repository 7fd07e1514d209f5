/**
 * The upload service behind the rich-text editor (docs/spec.md §7 "Editor calls"). One endpoint speaks
 * the editor's own protocol (UEditor style): `?action=` picks the call, and the answer is the
 * editor's JSON (`state` is 'SUCCESS' or the error text), not the API envelope.
 */

export const EDITOR_PATH = '/api/kaoshi-files/editor';
/** Stored files are served from here plus their stored name. */
export const FILE_SERVE_PATH = '/api/kaoshi-files/file/';

export const EditorAction = {
  CONFIG: 'config',
  UPLOAD_IMAGE: 'uploadimage',
  UPLOAD_SCRAWL: 'uploadscrawl',
  UPLOAD_SNAPSHOT: 'uploadsnapshot',
  UPLOAD_VIDEO: 'uploadvideo',
  UPLOAD_FILE: 'uploadfile',
  CATCH_IMAGE: 'catchimage',
} as const;
export type EditorActionName = (typeof EditorAction)[keyof typeof EditorAction];

export const EDITOR_STATE_SUCCESS = 'SUCCESS';
/** Multipart field of the file (and form field of the scrawl's base64 PNG). */
export const EDITOR_UPLOAD_FIELD = 'upfile';
/** Remote capture: the editor sends `source[]=url` once per image (form) or `{ source: [...] }` (JSON). */
export const EDITOR_CATCHER_FIELD = 'source';
export const EDITOR_CATCHER_TIMEOUT_MS = 60_000;
/** At most this many remote images in one capture call. */
export const EDITOR_CATCHER_MAX_SOURCES = 50;

export const UPLOAD_KINDS = ['image', 'video', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const MB = 1024 * 1024;
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  image: 5 * MB,
  video: 100 * MB,
  file: 50 * MB,
};

export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp'] as const;
export const VIDEO_EXTENSIONS = ['.mp4', '.webm', '.ogg'] as const;
/** Music for the editor's music button. UEditor's protocol has no music action: it uploads as video. */
export const AUDIO_EXTENSIONS = ['.mp3', '.m4a', '.wav'] as const;
export const DOCUMENT_EXTENSIONS = [
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.pdf',
  '.txt',
  '.zip',
] as const;

export const UPLOAD_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  image: IMAGE_EXTENSIONS,
  video: [...VIDEO_EXTENSIONS, ...AUDIO_EXTENSIONS],
  file: [...DOCUMENT_EXTENSIONS, ...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS, ...AUDIO_EXTENSIONS],
};

/**
 * `GET ?action=config`. UEditor's key names, so an editor built for that protocol reads it as is.
 * URLs in upload answers are already absolute paths: every `*UrlPrefix` is ''.
 */
export interface EditorConfig {
  imageActionName: string;
  imageFieldName: string;
  imageMaxSize: number;
  imageAllowFiles: string[];
  imageUrlPrefix: string;
  scrawlActionName: string;
  scrawlFieldName: string;
  scrawlMaxSize: number;
  scrawlUrlPrefix: string;
  snapscreenActionName: string;
  snapscreenFieldName: string;
  snapscreenMaxSize: number;
  snapscreenAllowFiles: string[];
  snapscreenUrlPrefix: string;
  videoActionName: string;
  videoFieldName: string;
  videoMaxSize: number;
  videoAllowFiles: string[];
  videoUrlPrefix: string;
  fileActionName: string;
  fileFieldName: string;
  fileMaxSize: number;
  fileAllowFiles: string[];
  fileUrlPrefix: string;
  catcherActionName: string;
  catcherFieldName: string;
  catcherMaxSize: number;
  catcherAllowFiles: string[];
  catcherUrlPrefix: string;
  catcherTimeout: number;
  catcherMaxSources: number;
  /** Hosts whose images are already ours: the editor does not capture them. */
  catcherLocalDomain: string[];
  /** Where stored files are served (GET, signed-in users). */
  fileServePath: string;
  actions: typeof EditorAction;
}

export interface EditorUploadResult {
  /** 'SUCCESS' or the reason the upload was refused, shown to the user. */
  state: string;
  url: string;
  /** The stored name. */
  title: string;
  /** The name the file had on the user's machine. */
  original: string;
  /** Extension with its dot, e.g. '.png'. */
  type: string;
  size: number;
}

export interface EditorCatchResult {
  state: string;
  list: { source: string; state: string; url: string }[];
}
