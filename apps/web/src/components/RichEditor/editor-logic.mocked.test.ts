import {
  EditorAction,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type EditorConfig,
} from '@kaoshi/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// upload.ts sits on the request layer, which expects a browser: give it the little it touches.
vi.stubGlobal('window', { location: { reload: vi.fn() } });
vi.stubGlobal('document', { cookie: '', documentElement: {} });

const { loadWholeLanguage, setLanguage } = await import('../../i18n');
const upload = await import('./upload');
const { normalizeLinkUrl, linkPreview } = await import('./link');
const { tableLimitRefusal, pickerGridSize, tableContent } = await import('./table-limits');
const { createAutosaver } = await import('./autosave');
const { countWords } = await import('./word-count');
const { isRemoteImage } = await import('./remote-capture');
const constants = await import('./constants');

beforeAll(async () => {
  await loadWholeLanguage(); // the editor's texts load past sign-in
  await setLanguage('en');
});

describe('editor constants (spec §5, §8, §9)', () => {
  it('match the spec', () => {
    expect(constants.FONT_SIZES).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 30, 36,
    ]);
    expect(constants.EDITOR_MAX_CHARS).toBe(1_000_000);
    expect(constants.WORD_COUNT_MAX).toBe(10_000);
    expect(constants.EDITOR_MESSAGE_MS).toBe(4000);
    expect(constants.AUTOSAVE_MESSAGE_MS).toBe(2000);
    expect(constants.EDITOR_Z_INDEX).toBe(150);
    expect(constants.INDENT).toBe('2.6em');
    expect(constants.VIDEO_SIZE).toEqual({ width: 420, height: 280 });
    expect(constants.MUSIC_SIZE).toEqual({ width: 400, height: 95 });
    expect(constants.ATTACHMENT_MAX_FILES).toBe(100);
  });
});

describe('links', () => {
  it('get http:// when they have no protocol', () => {
    expect(normalizeLinkUrl('www.example.com')).toBe('http://www.example.com');
    expect(normalizeLinkUrl('  example.com/a?b=1 ')).toBe('http://example.com/a?b=1');
    expect(normalizeLinkUrl('https://example.com')).toBe('https://example.com');
    expect(normalizeLinkUrl('HTTP://EXAMPLE.COM')).toBe('HTTP://EXAMPLE.COM');
    expect(normalizeLinkUrl('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(normalizeLinkUrl('/api/kaoshi-files/file/a.pdf')).toBe('/api/kaoshi-files/file/a.pdf');
    expect(normalizeLinkUrl('#part-2')).toBe('#part-2');
    expect(normalizeLinkUrl('   ')).toBe('');
  });

  it('previews longer than 30 characters are cut to 20 plus an ellipsis', () => {
    const thirty = 'http://example.com/abcdefghijk';
    expect(thirty).toHaveLength(30);
    expect(linkPreview(thirty)).toBe(thirty);
    expect(linkPreview(`${thirty}l`)).toBe('http://example.com/a…');
    expect(linkPreview('短链接')).toBe('短链接');
    // Characters, not UTF-16 units: an emoji is not split in half.
    expect(linkPreview('😀'.repeat(31))).toBe(`${'😀'.repeat(20)}…`);
  });
});

describe('tables', () => {
  it('hold at most 100 rows and 20 columns', () => {
    expect(tableLimitRefusal(100, 20)).toBeNull();
    expect(tableLimitRefusal(101, 20)).toBe('rows');
    expect(tableLimitRefusal(100, 21)).toBe('columns');
    expect(tableLimitRefusal(1, 1)).toBeNull();
  });

  it('picker starts at 10 × 10 and grows with the pointer up to 20 × 20', () => {
    expect(pickerGridSize(0, 0)).toEqual({ rows: 10, cols: 10 });
    expect(pickerGridSize(5, 9)).toEqual({ rows: 10, cols: 10 });
    expect(pickerGridSize(10, 12)).toEqual({ rows: 11, cols: 13 });
    expect(pickerGridSize(20, 20)).toEqual({ rows: 20, cols: 20 });
  });

  it('an inserted table has the asked size with cells aligned to the top', () => {
    const table = tableContent(5, 5);
    expect(table.content).toHaveLength(5);
    for (const row of table.content ?? []) {
      expect(row.content).toHaveLength(5);
      for (const cell of row.content ?? []) expect(cell.attrs).toEqual({ verticalAlign: 'top' });
    }
  });
});

describe('draft autosave timing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves 500 ms after the last change, once, with the latest content', () => {
    vi.useFakeTimers();
    const saves: string[] = [];
    const autosaver = createAutosaver((html) => saves.push(html));
    autosaver.change('<p>a</p>');
    vi.advanceTimersByTime(300);
    autosaver.change('<p>ab</p>');
    vi.advanceTimersByTime(499);
    expect(saves).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saves).toEqual(['<p>ab</p>']);
    vi.advanceTimersByTime(5000);
    expect(saves).toEqual(['<p>ab</p>']);
  });

  it('keeps at least 20 ms between two saves without losing the last content', () => {
    vi.useFakeTimers();
    const saves: [number, string][] = [];
    const autosaver = createAutosaver((html) => saves.push([Date.now(), html]));
    autosaver.change('one');
    autosaver.flush();
    autosaver.change('two');
    autosaver.flush();
    expect(saves.map(([, html]) => html)).toEqual(['one']);
    vi.advanceTimersByTime(19);
    expect(saves).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(saves.map(([, html]) => html)).toEqual(['one', 'two']);
    const [[first], [second]] = saves as [[number, string], [number, string]];
    expect(second - first).toBeGreaterThanOrEqual(20);
  });

  it('a cancelled draft is not saved', () => {
    vi.useFakeTimers();
    const saves: string[] = [];
    const autosaver = createAutosaver((html) => saves.push(html));
    autosaver.change('gone');
    autosaver.cancel();
    vi.advanceTimersByTime(1000);
    expect(saves).toEqual([]);
  });
});

describe('word count', () => {
  it('counts a CJK character as a word and a run of letters or digits as one', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('Hello, world!')).toBe(2);
    expect(countWords('考试系统')).toBe(4);
    expect(countWords('电工 test 2024 年')).toBe(5);
    expect(countWords("don't stop")).toBe(2);
    expect(countWords('ひらがなカタカナ')).toBe(8);
  });
});

describe('remote images', () => {
  it('are those on another http(s) host that is not declared local', () => {
    expect(isRemoteImage('https://cdn.example.com/a.png', 'kaoshi.test', [])).toBe(true);
    expect(isRemoteImage('http://kaoshi.test/a.png', 'kaoshi.test', [])).toBe(false);
    expect(isRemoteImage('/api/kaoshi-files/file/a.png', 'kaoshi.test', [])).toBe(false);
    expect(isRemoteImage('https://img.ours.cn/a.png', 'kaoshi.test', ['img.ours.cn'])).toBe(false);
    expect(isRemoteImage('data:image/png;base64,AAAA', 'kaoshi.test', [])).toBe(false);
  });
});

const config: Partial<EditorConfig> = {
  imageActionName: EditorAction.UPLOAD_IMAGE,
  imageFieldName: 'upfile',
  imageMaxSize: UPLOAD_MAX_BYTES.image,
  imageAllowFiles: [...UPLOAD_EXTENSIONS.image],
  videoActionName: EditorAction.UPLOAD_VIDEO,
  videoFieldName: 'upfile',
  videoMaxSize: UPLOAD_MAX_BYTES.video,
  videoAllowFiles: [...UPLOAD_EXTENSIONS.video],
};

describe('upload configuration checks (spec §5)', () => {
  it('finds the rule of an action, or none when the config lacks it', () => {
    expect(upload.uploadRule(config, 'uploadimage')).toEqual({
      actionName: 'uploadimage',
      fieldName: 'upfile',
      maxSize: 5 * 1024 * 1024,
      allowFiles: UPLOAD_EXTENSIONS.image,
    });
    expect(upload.uploadRule(config, 'uploadfile')).toBeUndefined();
    expect(upload.uploadRule({ ...config, imageFieldName: '' }, 'uploadimage')).toBeUndefined();
  });

  it('refuses a disallowed extension and an oversize file, naming the file', () => {
    const rule = upload.uploadRule(config, 'uploadimage')!;
    expect(upload.uploadRefusal(rule, 'photo.PNG', 1000)).toBeNull();
    expect(upload.uploadRefusal(rule, 'photo.png', 5 * 1024 * 1024)).toBeNull();
    expect(upload.uploadRefusal(rule, 'photo.png', 5 * 1024 * 1024 + 1)).toBe(
      'photo.png is larger than the 5 MB allowed',
    );
    expect(upload.uploadRefusal(rule, 'page.svg', 10)).toMatch(
      /^page\.svg: this file type is not allowed \(allowed: \.png /,
    );
    expect(upload.uploadRefusal(rule, 'noextension', 10)).toMatch(/not allowed/);
  });

  it('reads extensions', () => {
    expect(upload.extensionOf('a.b.JPG')).toBe('.jpg');
    expect(upload.extensionOf('.hidden')).toBe('');
    expect(upload.extensionOf('trailing.')).toBe('');
  });
});

describe('upload answers', () => {
  it('succeed only with state SUCCESS and a url', () => {
    expect(
      upload.parseUploadAnswer({
        state: 'SUCCESS',
        url: '/api/kaoshi-files/file/x.png',
        title: 'x.png',
        original: 'cat.png',
      }),
    ).toEqual({ url: '/api/kaoshi-files/file/x.png', title: 'x.png', original: 'cat.png' });
    expect(
      upload.parseUploadAnswer('{"state":"SUCCESS","url":"/api/kaoshi-files/file/y.png"}'),
    ).toEqual({ url: '/api/kaoshi-files/file/y.png', title: '', original: '' });
  });

  it('show the server state text when it is not SUCCESS', () => {
    expect(() => upload.parseUploadAnswer({ state: 'File is too large', url: '' })).toThrow(
      new upload.EditorUploadError('File is too large'),
    );
  });

  it('are unparseable when they are not the protocol', () => {
    const unparseable = 'The server gave an answer the editor cannot read';
    for (const answer of ['<html>oops</html>', null, [], { url: '/a' }, { state: 'SUCCESS' }]) {
      expect(() => upload.parseUploadAnswer(answer)).toThrow(unparseable);
    }
  });

  it('capture answers keep the well-formed entries', () => {
    expect(
      upload.parseCatchAnswer({
        state: 'SUCCESS',
        list: [
          { source: 'http://a/1.png', state: 'SUCCESS', url: '/api/kaoshi-files/file/1.png' },
          { source: 'http://a/2.png', state: 'Not an image', url: '' },
          { source: 3 },
        ],
      }),
    ).toEqual([
      { source: 'http://a/1.png', state: 'SUCCESS', url: '/api/kaoshi-files/file/1.png' },
      { source: 'http://a/2.png', state: 'Not an image', url: '' },
    ]);
    expect(() => upload.parseCatchAnswer({ state: 'SUCCESS' })).toThrow(upload.EditorUploadError);
  });
});
