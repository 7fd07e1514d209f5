import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import type { QuestionView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import zh from '../src/i18n/locales/zh';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  collectConsoleErrors,
  editorLabelled,
  newPage,
  openSignedIn,
  pickIn,
  pickOption,
  screenshot,
  openedMenu,
} from './browser';
import { createKnowledge, type KnowledgeFixture } from './api';
import { adminSession } from './session';

// The rich-text editor core (toolbar, tables, uploads, source mode, links, drafts, limits) in the
// question bank's add dialog, the first screen that hosts it.

const BANK = '/baseData/index';
const FILE_URL = /^\/api\/kaoshi-files\/file\//;
const NBSP = '\u00a0';
/** Waiting for the page to catch up, never a measure of speed. */
const POLL = { timeout: 15_000 };

/** Whether the editor's own selection (TipTap puts the editor on its element) is a caret at the
 * end of its text block: what Enter splits at, whatever the page's selection says meanwhile. */
function caretAtLineEnd(el: Element): boolean {
  type Caret = {
    empty: boolean;
    $from: { parentOffset: number; parent: { content: { size: number } } };
  };
  const { selection } = (el as Element & { editor: { state: { selection: Caret } } }).editor.state;
  return selection.empty && selection.$from.parentOffset === selection.$from.parent.content.size;
}

type Texts = typeof en;

/** A solid-colour PNG, so an upload shows a real picture. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.from([0, ...Array.from({ length: width }, () => [r, g, b]).flat()]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('Rich-text editor', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = Date.now().toString(36).toUpperCase();
  let knowledge: KnowledgeFixture;

  beforeAll(async () => {
    knowledge = await createKnowledge(session.admin, `ED${tag}`);
  });

  const dialog = (page: Page) => page.locator('.ant-modal.question-form-dialog');
  const toast = (page: Page, text: string | RegExp) =>
    page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const tool = (editor: Locator, name: string) => editor.locator(`[data-tool="${name}"]`);

  /** The question bank's add dialog and its stem editor (the first editor, with drafts). */
  async function openEditor({
    locale = 'zh-CN',
    viewport = DESKTOP,
    page: existing,
  }: { locale?: string; viewport?: typeof DESKTOP; page?: Page } = {}) {
    const page = existing ?? (await newPage(session.browser, { locale, viewport }));
    const consoleErrors = existing ? [] : collectConsoleErrors(page);
    if (!existing) {
      await openSignedIn(page, session.admin, `${baseURL}${BANK}`);
    }
    const texts: Texts = locale.startsWith('zh') ? (zh as Texts) : en;
    await page
      .locator('.app-main-page:not([hidden])')
      .getByRole('button', { name: buttonName(texts.question.add) })
      .click();
    const host = dialog(page);
    const editor = editorLabelled(host, texts.question.fields.content);
    const text = editor.locator('.ProseMirror');
    await text.waitFor();
    await animationsDone(page);
    // Chrome reports the page's CSP against inline handlers even while the sanitizer parses HTML in
    // an inert document, where nothing runs (the tests check that no handler ever ran).
    const unexpectedErrors = () =>
      consoleErrors.filter(
        (line) =>
          !/the server responded with a status of 4\d\d/.test(line) &&
          !/^Executing inline event handler violates the following Content Security Policy/.test(
            line,
          ),
      );
    return { page, host, editor, text, texts, unexpectedErrors };
  }

  /** The editor's output, read through source mode (what the form receives), then back. */
  async function outputOf(editor: Locator): Promise<string> {
    await tool(editor, 'source').click();
    const html = await editor.locator('textarea.ke-source').inputValue();
    await tool(editor, 'source').click();
    await editor.locator('textarea.ke-source').waitFor({ state: 'detached' });
    return html;
  }

  /** Replaces the content through source mode. */
  async function setSource(editor: Locator, html: string) {
    await tool(editor, 'source').click();
    await editor.locator('textarea.ke-source').fill(html);
    await tool(editor, 'source').click();
  }

  const table = (rows: number, cols = 2) =>
    `<table><tbody>${Array.from(
      { length: rows },
      (_, r) =>
        `<tr>${Array.from({ length: cols }, (_, c) => `<td>${r + 1}-${c + 1}</td>`).join('')}</tr>`,
    ).join('')}</tbody></table>`;

  it('formats text, keeps Tab spaces, adds http:// to links and round-trips source mode (zh)', async () => {
    const { page, editor, text, texts, unexpectedErrors } = await openEditor();
    const t = texts.editor;

    await text.click();
    await text.pressSequentially('电工基础 ');
    await tool(editor, 'bold').click();
    await text.pressSequentially('欧姆定律');
    await expect.poll(() => tool(editor, 'bold').getAttribute('aria-pressed')).toBe('true');
    // Select the bold words, then give them 24px.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => page.evaluate(() => `${getSelection()}`), POLL).toBe('欧姆定律');
    // pickIn clicks the option only once the size list has stopped sliding in.
    await pickIn(page, tool(editor, 'fontSize').getByRole('combobox'), '24px');
    // On failure, show what the text holds instead.
    await expect
      .poll(
        () =>
          text.evaluate(
            (el) =>
              el.querySelector('span[style*="font-size: 24px"] strong')?.textContent ??
              el.innerHTML,
          ),
        POLL,
      )
      .toBe('欧姆定律');

    // Tab inserts four non-breaking spaces. Choosing a size hands the focus back to the text a
    // frame later (TipTap focuses in requestAnimationFrame and puts the bold words' selection
    // back): a click before that frame was undone by it, and Enter then replaced the bold words.
    // So: wait until the text holds the focus again, click the line's end, and wait until the
    // editor itself (not only the page) has the caret there.
    await expect
      .poll(() => text.evaluate((el) => el === document.activeElement && `${getSelection()}`), POLL)
      .toBe('欧姆定律');
    const line = await text.locator('p').first().boundingBox();
    await page.mouse.click(line!.x + line!.width - 2, line!.y + line!.height / 2);
    await expect.poll(() => text.evaluate(caretAtLineEnd), POLL).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('缩进');
    await expect
      .poll(() => text.locator('p').last().innerText(), POLL)
      .toBe(`${NBSP.repeat(4)}缩进`);

    // A link typed without a protocol gets http://.
    await text.press('End');
    await text.pressSequentially(' 参见');
    await tool(editor, 'link').click();
    const linkBox = page.locator('.ant-modal').filter({ hasText: t.link.url });
    await linkBox.getByRole('textbox', { name: t.link.url }).fill('www.kaoshi.example/guide');
    await linkBox.getByRole('textbox', { name: t.link.text }).fill('指南');
    await linkBox.getByRole('button', { name: buttonName(zh.common.ok) }).click();
    await expect
      .poll(() => text.locator('a').getAttribute('href'), POLL)
      .toBe('http://www.kaoshi.example/guide');
    await expect.poll(() => text.locator('a').innerText(), POLL).toBe('指南');

    const html = await outputOf(editor);
    expect(html, html).toContain('<strong>欧姆定律</strong>');
    expect(html).toContain('font-size: 24px');
    expect(html).toContain('&nbsp;&nbsp;&nbsp;&nbsp;缩进');
    expect(html).toContain('<a href="http://www.kaoshi.example/guide">指南</a>');

    // Source mode: what is typed there is sanitized when going back; a script never survives.
    await tool(editor, 'source').click();
    const source = editor.locator('textarea.ke-source');
    await source.fill(
      `${await source.inputValue()}\n<p id="x" onclick="alert(1)">源码<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"></p>`,
    );
    await screenshot(page, 'editor-source-zh', { fullPage: false });
    await tool(editor, 'source').click();
    await expect.poll(() => text.locator('p').filter({ hasText: '源码' }).count(), POLL).toBe(1);
    const after = await outputOf(editor);
    expect(after).toContain('<p>源码</p>');
    expect(after).not.toMatch(/script|onerror|onclick|pwned/);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    await animationsDone(page);
    await screenshot(page, 'editor-text-zh', { fullPage: false });
    expect(unexpectedErrors()).toEqual([]);
    await page.close();
  });

  it('keeps every word typed fast into a busy page, from the first open of the dialog to the saved question (zh)', async () => {
    const page = await newPage(session.browser);
    const consoleErrors = collectConsoleErrors(page);
    await openSignedIn(page, session.admin, `${baseURL}${BANK}`);
    // A slow machine: the CPU at half its speed, and the page's main thread taken by
    // 10 ms tasks one after another, so that keystrokes, renders and effects interleave.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 2 });
    await page.evaluate(() => {
      const channel = new MessageChannel();
      const busy = window as { __busy?: boolean };
      busy.__busy = true;
      channel.port1.onmessage = () => {
        if (!busy.__busy) return;
        const end = performance.now() + 10;
        while (performance.now() < end);
        channel.port2.postMessage(0);
      };
      channel.port2.postMessage(0);
    });

    // The editor's code is fetched on this first open: typing starts as soon as its text shows.
    await page
      .locator('.app-main-page:not([hidden])')
      .getByRole('button', { name: buttonName(zh.question.add) })
      .click();
    const host = dialog(page);
    const text = editorLabelled(host, zh.question.fields.content).locator('.ProseMirror');
    const words = [tag, ...Array.from({ length: 19 }, (_, i) => `w${i + 1}`)];
    await text.pressSequentially(words.slice(0, 10).join(' '));
    // More words after a format toggled from the keyboard, as a fast typist does.
    await text.press('Control+b');
    await text.pressSequentially(` ${words.slice(10).join(' ')}`);
    await page.evaluate(() => {
      (window as { __busy?: boolean }).__busy = false;
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    await host
      .locator('.ant-radio-button-wrapper', { hasText: zh.codes.questionType.judgement })
      .click();
    await host.getByRole('radio', { name: zh.question.view.true, exact: true }).check();
    await pickOption(page, host, zh.question.fields.jobType, knowledge.jobTypeName);
    await expect
      .poll(() => host.getByRole('combobox', { name: zh.question.fields.level }).isDisabled(), POLL)
      .toBe(false);
    await pickOption(page, host, zh.question.fields.course, knowledge.course.name);
    await host
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName(zh.common.save) })
      .click();
    await toast(page, zh.question.form.added).waitFor();

    const { list } = await session.admin.call<{ list: QuestionView[] }>(
      'GET',
      `/api/kaoshi-question/question/listQuestion?subjectId=${knowledge.subjectId}&limit=100`,
    );
    // The newest question is the one just saved: its stem is shown when a word is missing.
    const saved = list.find((question) => question.content.includes(words[0]!)) ?? list[0];
    const savedWords = saved?.content.replace(/<[^>]+>/g, ' ').split(/\s+/) ?? [];
    expect(
      words.filter((word) => !savedWords.includes(word)),
      saved?.content,
    ).toEqual([]);
    expect(saved!.content).toMatch(/<strong>[^<]*w19<\/strong>/);
    expect(consoleErrors.filter((line) => !/status of 4\d\d/.test(line))).toEqual([]);
    await page.close();
  });

  it('shows the empty cells of a stored table at a usable size in the question preview (zh)', async () => {
    const cell = (text: string) =>
      `<td colspan="1" rowspan="1" style="vertical-align: top"><p>${text}</p></td>`;
    const rowOf = (...texts: string[]) => `<tr>${texts.map(cell).join('')}</tr>`;
    await session.admin.call('POST', '/api/kaoshi-question/question/addQuestion', {
      subjectId: knowledge.subjectId,
      level: knowledge.level,
      courseId: knowledge.course.id,
      type: 2,
      answer: 'T',
      content: `<p>空单元格${tag}</p><table><tbody>${rowOf('电压', '', '')}${rowOf('', '', '')}${rowOf('', '', '220 V')}</tbody></table>`,
    });
    const page = await newPage(session.browser);
    await openSignedIn(page, session.admin, `${baseURL}${BANK}`);
    await page
      .locator('.app-main-page:not([hidden]) .ant-table-row', { hasText: `空单元格${tag}` })
      .getByRole('button', { name: zh.question.actions.preview })
      .click();
    const preview = page.locator('.ant-modal.question-preview-dialog');
    const cells = preview.locator('.kaoshi-html td');
    await expect.poll(() => cells.count(), POLL).toBe(9);
    await animationsDone(page);
    // An empty cell is as tall as a line of text and a few characters wide, not a sliver.
    const sizes = await cells.evaluateAll((found) =>
      found.map((td) => {
        const box = td.getBoundingClientRect();
        const style = getComputedStyle(td);
        return {
          width: box.width,
          height: box.height,
          line: parseFloat(style.lineHeight),
          char: parseFloat(style.fontSize),
          empty: !td.textContent,
        };
      }),
    );
    for (const size of sizes.filter((found) => found.empty)) {
      expect(size.height).toBeGreaterThanOrEqual(size.line);
      expect(size.width).toBeGreaterThanOrEqual(2 * size.char);
    }
    await screenshot(page, 'editor-preview-empty-cells-zh', { fullPage: false });
    await page.close();
  });

  it('inserts a 5 × 5 top-aligned table, refuses more than 100 rows, and the picker stacks above the dialog (zh)', async () => {
    const { page, editor, text, texts, unexpectedErrors } = await openEditor();
    const t = texts.editor;

    await text.click();
    await tool(editor, 'table').click();
    await expect.poll(() => text.locator('table tr').count(), POLL).toBe(5);
    await expect.poll(() => text.locator('table tr').first().locator('td').count(), POLL).toBe(5);
    const aligns = await text
      .locator('table td')
      .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).style.verticalAlign));
    expect(aligns).toEqual(Array(25).fill('top'));

    // Columns resize by dragging near a cell's edge, down to 5 px at the least.
    const first = (await text.locator('table td').first().boundingBox())!;
    const edge = { x: first.x + first.width - 3, y: first.y + first.height / 2 };
    await page.mouse.move(edge.x - 20, edge.y);
    await page.mouse.move(edge.x, edge.y, { steps: 3 });
    await text.locator('.column-resize-handle').first().waitFor();
    await page.mouse.down();
    await page.mouse.move(first.x - 100, edge.y, { steps: 5 });
    await page.mouse.up();
    expect(await outputOf(editor)).toMatch(/<td [^>]*colwidth="5"/);

    // The size picker opens inside the dialog and is what the pointer hits there.
    await tool(editor, 'tablePicker').click();
    const cell = editor.locator('.ke-table-cell[data-row="3"][data-col="4"]');
    await cell.waitFor();
    await animationsDone(page);
    const box = (await cell.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.ke-table-picker') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);
    await cell.hover();
    await expect
      .poll(() => editor.locator('.ke-table-picker-label').innerText(), POLL)
      .toBe(t.table.insert.replace('{{rows}}', '3').replace('{{cols}}', '4'));
    // The grid grows a row and a column beyond the pointer, up to 20 × 20.
    await editor.locator('.ke-table-cell[data-row="10"][data-col="10"]').hover();
    await editor.locator('.ke-table-cell[data-row="11"][data-col="11"]').hover();
    await expect
      .poll(() => editor.locator('.ke-table-grid').getAttribute('data-rows'), POLL)
      .toBe('12');
    await screenshot(page, 'editor-table-picker-zh', { fullPage: false });
    await page.keyboard.press('Escape');

    // 101 rows typed in source mode are refused; source mode stays open with the text.
    const tooMany = t.table.tooManyRows.replace('{{max}}', '100');
    await tool(editor, 'source').click();
    await editor.locator('textarea.ke-source').fill(table(101));
    await tool(editor, 'source').click();
    await toast(page, tooMany).waitFor();
    await editor.locator('textarea.ke-source').waitFor();

    // 100 rows are fine; one more through the table menu is refused.
    await editor.locator('textarea.ke-source').fill(table(100));
    await tool(editor, 'source').click();
    await expect.poll(() => text.locator('table tr').count(), POLL).toBe(100);
    await text.locator('table td').last().click();
    await tool(editor, 'tableMenu').click();
    const tableMenu = await openedMenu(page);
    await tableMenu.getByRole('menuitem', { name: t.table.addRowAfter }).click();
    await expect.poll(() => text.locator('table tr').count(), POLL).toBe(100);
    // Tab in the last cell would add a row too.
    await text.locator('table td').last().click();
    await text.press('Tab');
    await expect.poll(() => text.locator('table tr').count(), POLL).toBe(100);
    // 21 columns are refused as well.
    await setSource(editor, table(2, 21));
    await toast(page, t.table.tooManyColumns.replace('{{max}}', '20')).waitFor();

    expect(unexpectedErrors()).toEqual([]);
    await page.close();
  });

  it('refuses input beyond 1,000,000 characters (en)', async () => {
    const { page, editor, text, texts, unexpectedErrors } = await openEditor({ locale: 'en-US' });
    const tooLong = texts.editor.error.tooLong.replace('{{max}}', (1_000_000).toLocaleString());
    const count = () => editor.locator('.ke-count-chars').innerText();
    const chars = (n: number) => texts.editor.count.chars.replace('{{count}}', String(n));

    // Beyond the word maximum (10000 by default) the count turns red; the text is kept.
    await setSource(editor, `<p>${'字'.repeat(10_001)}</p>`);
    await editor.locator('.ke-count-over').waitFor();
    await setSource(editor, `<p>${'a'.repeat(1_000_001)}</p>`);
    await toast(page, tooLong).waitFor();
    await editor.locator('textarea.ke-source').fill(`<p>${'a'.repeat(999_999)}</p>`);
    await tool(editor, 'source').click();
    await expect.poll(count, POLL).toBe(chars(999_999));
    await text.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('bcd');
    await toast(page, tooLong).waitFor();
    await expect.poll(count, POLL).toBe(chars(1_000_000));
    expect(unexpectedErrors()).toEqual([]);
    await page.close();
  });

  it('uploads an image through the file chooser and refuses a wrong type and an oversize file (en)', async () => {
    const { page, editor, text, texts, unexpectedErrors } = await openEditor({ locale: 'en-US' });
    const t = texts.editor;

    await text.click();
    await text.pressSequentially('Circuit: ');
    const chooser = page.waitForEvent('filechooser');
    await tool(editor, 'image').click();
    await (
      await chooser
    ).setFiles({
      name: 'circuit.png',
      mimeType: 'image/png',
      buffer: solidPng(240, 120, [0, 191, 173]),
    });
    const image = text.locator('img[src^="/api/"]');
    await expect.poll(() => image.getAttribute('src'), POLL).toMatch(FILE_URL);
    await expect.poll(() => image.getAttribute('alt'), POLL).toBe('circuit.png');
    await expect.poll(() => text.locator('.ke-uploading').count(), POLL).toBe(0);
    // The upload is a real file the signed-in user can read.
    const src = (await image.getAttribute('src'))!;
    const served = await page.request.get(`${baseURL}${src}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');

    // Eight resize handles; dragging one writes the size into the content.
    await image.click();
    await expect.poll(() => editor.locator('[data-resize-handle]').count(), POLL).toBe(8);
    const handle = (await editor.locator('[data-resize-handle="bottom-right"]').boundingBox())!;
    await page.mouse.move(handle.x + 4, handle.y + 4);
    await page.mouse.down();
    await page.mouse.move(handle.x + 64, handle.y + 24, { steps: 4 });
    await page.mouse.up();
    // The node view shows the new size as a style; the content carries it as attributes.
    const resized = /<img [^>]*width="(\d+)" height="(\d+)"/.exec(await outputOf(editor));
    expect(Number(resized?.[1])).toBeGreaterThan(240);
    expect(Number(resized?.[2])).toBeGreaterThan(120);

    // Checked against the server's config before anything is sent.
    const input = editor.locator('input[data-upload="image"]');
    await input.setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await toast(page, /^drawing\.svg: this file type is not allowed/).waitFor();
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([solidPng(1, 1, [0, 0, 0]), Buffer.alloc(5 * 1024 * 1024)]),
    });
    await toast(
      page,
      t.error.size.replace('{{name}}', 'huge.png').replace('{{max}}', '5 MB'),
    ).waitFor();
    // A refused file leaves no placeholder and takes no text with it.
    await expect.poll(() => text.locator('.ke-uploading').count(), POLL).toBe(0);
    await expect.poll(() => text.innerText(), POLL).toContain('Circuit:');
    await expect.poll(() => text.locator('img[src^="/api/"]').count(), POLL).toBe(1);

    // Video (420 × 280), music (400 × 95) and attachments, several at once, become their tags.
    await text.press('End');
    await editor.locator('input[data-upload="video"]').setInputFiles({
      name: 'motor.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypisom', 'latin1'),
        Buffer.from([0, 0, 2, 0]),
        Buffer.from('isomiso2mp41', 'latin1'),
      ]),
    });
    await text.locator('video').waitFor();
    await editor.locator('input[data-upload="audio"]').setInputFiles({
      name: 'bell.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.concat([
        Buffer.from('ID3', 'latin1'),
        Buffer.alloc(7),
        Buffer.from([0xff, 0xfb]),
      ]),
    });
    await text.locator('audio').waitFor();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
    await editor.locator('input[data-upload="attachment"]').setInputFiles([
      { name: 'manual.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'wiring.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    await expect.poll(() => text.locator('a[data-type="attachment"]').count(), POLL).toBe(2);
    const media = await outputOf(editor);
    expect(media).toMatch(
      /<video src="\/api\/kaoshi-files\/file\/[^"]+" width="420" height="280" controls=""/,
    );
    expect(media).toMatch(
      /<audio src="\/api\/kaoshi-files\/file\/[^"]+" controls="" [^>]*style="width: 400px; height: 95px"/,
    );
    expect(media).toMatch(
      /<a (?=[^>]*data-type="attachment")(?=[^>]*href="\/api\/kaoshi-files\/file\/)[^>]*>manual\.pdf<\/a>/,
    );
    expect(media).toMatch(
      /<a (?=[^>]*data-type="attachment")(?=[^>]*href="\/api\/kaoshi-files\/file\/)[^>]*>wiring\.pdf<\/a>/,
    );
    // At most 100 files at once.
    await editor.locator('input[data-upload="attachment"]').setInputFiles(
      Array.from({ length: 101 }, (_, i) => ({
        name: `page-${i}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf,
      })),
    );
    await toast(page, t.error.tooManyFiles.replace('{{max}}', '100')).waitFor();
    await expect.poll(() => text.locator('a[data-type="attachment"]').count(), POLL).toBe(2);

    await animationsDone(page);
    await screenshot(page, 'editor-image-en', { fullPage: false });
    expect(unexpectedErrors()).toEqual([]);
    await page.close();
  });

  it('reports pasted images it could not copy to our server with the catch-remote-error event (zh)', async () => {
    const { page, text, texts } = await openEditor();
    await page.evaluate(() => {
      const events: unknown[] = [];
      (window as { __caught?: unknown[] }).__caught = events;
      document
        .querySelector('.question-form-dialog .ke-root')!
        .addEventListener('kaoshi-editor:catch-remote-error', (event) =>
          events.push((event as CustomEvent).detail),
        );
    });
    await text.click();
    // The server refuses loopback addresses: the capture fails as it would for a dead link.
    const remote = 'http://127.0.0.1:9/figure.png';
    await text.evaluate((target, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'pasted');
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, `<p>粘贴的内容<img src="${remote}"><script>window.__pwned = 1</script></p>`);
    await expect.poll(() => text.innerText(), POLL).toContain('粘贴的内容');
    await toast(page, texts.editor.error.catchRemote.replace('{{count}}', '1')).waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as { __caught?: unknown[] }).__caught), POLL)
      .toEqual([{ sources: [remote] }]);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('uploads image files pasted or dropped into the text (zh)', async () => {
    const { page, text, unexpectedErrors } = await openEditor();
    await text.click();
    const png = solidPng(60, 40, [200, 80, 80]).toString('base64');
    // A screenshot on the clipboard: files only, no HTML.
    await text.evaluate((target, base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'clip.png', { type: 'image/png' }));
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, png);
    await expect.poll(() => text.locator('img[src^="/api/"]').count(), POLL).toBe(1);
    // Two files dropped from the desktop.
    await text.evaluate((target, base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'drop-1.png', { type: 'image/png' }));
      data.items.add(new File([bytes], 'drop-2.png', { type: 'image/png' }));
      const box = target.getBoundingClientRect();
      target.dispatchEvent(
        new DragEvent('drop', {
          dataTransfer: data,
          clientX: box.left + 20,
          clientY: box.top + 10,
          bubbles: true,
          cancelable: true,
        }),
      );
    }, png);
    await expect.poll(() => text.locator('img[src^="/api/"]').count(), POLL).toBe(3);
    const alts = await text
      .locator('img[src^="/api/"]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt')).sort());
    expect(alts).toEqual(['clip.png', 'drop-1.png', 'drop-2.png']);
    expect(unexpectedErrors()).toEqual([]);
    await page.close();
  });

  it('keeps a draft, offers it back, and clears the document only after confirming (zh)', async () => {
    const first = await openEditor();
    const { page, editor, text, host, texts } = first;
    const t = texts.editor;
    await text.click();
    await text.pressSequentially('未保存的草稿内容');
    await expect
      .poll(() => editor.locator('.ke-footer-status').innerText(), POLL)
      .toBe(t.autosave.saved);
    await host
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName(zh.common.cancel) })
      .click();
    await host.waitFor({ state: 'hidden' });

    const again = await openEditor({ page });
    const banner = again.editor.locator('.ke-draft');
    await banner.waitFor();
    await expect.poll(() => again.text.innerText(), POLL).not.toContain('未保存的草稿内容');
    await animationsDone(page);
    await screenshot(page, 'editor-draft-zh', { fullPage: false });
    await banner.getByRole('button', { name: buttonName(t.autosave.restore) }).click();
    await expect.poll(() => again.text.innerText(), POLL).toContain('未保存的草稿内容');
    await expect.poll(() => banner.count(), POLL).toBe(0);

    // Clearing asks first: cancelling keeps the text, confirming empties it.
    await tool(again.editor, 'clear').click();
    await answerConfirm(page, zh.common.cancel);
    await expect.poll(() => again.text.innerText(), POLL).toContain('未保存的草稿内容');
    await tool(again.editor, 'clear').click();
    await answerConfirm(page, zh.common.ok);
    await expect.poll(() => again.text.innerText(), POLL).not.toContain('未保存的草稿内容');
    expect(await outputOf(again.editor)).toBe('');
    await page.close();
  });

  it("fits a phone: the toolbars, the answer options' too, wrap inside the dialog and the text is usable (en, zh)", async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const { page, editor, text, unexpectedErrors } = await openEditor({
        locale,
        viewport: PHONE,
      });
      const toolbar = editor.locator('.ke-toolbar');
      const fits = await editor.evaluate((root) => root.scrollWidth <= root.clientWidth + 1);
      expect(fits).toBe(true);
      const height = (await toolbar.boundingBox())!.height;
      const button = (await tool(editor, 'bold').boundingBox())!.height;
      expect(height).toBeGreaterThan(button * 2);
      await text.click();
      await text.pressSequentially(locale === 'en-US' ? 'Typed on a phone' : '手机上输入');
      await expect
        .poll(() => text.innerText(), POLL)
        .toContain(locale === 'en-US' ? 'Typed on a phone' : '手机上输入');
      await animationsDone(page);
      await screenshot(page, `editor-phone-${locale.slice(0, 2)}`, { fullPage: false });

      // Each answer option's compact toolbar wraps inside its field, none of it cut off.
      const options = dialog(page).locator('.question-option-row');
      await options.first().scrollIntoViewIfNeeded();
      await animationsDone(page);
      const cut = await options.evaluateAll(
        (rows) =>
          rows.filter((row) => {
            const bar = row.querySelector<HTMLElement>('.ke-toolbar')!;
            const body = row.closest('.ant-modal-body')!.getBoundingClientRect();
            const tools = Array.from(bar.querySelectorAll('.ke-tool'), (tool) =>
              tool.getBoundingClientRect(),
            );
            const inside = bar.getBoundingClientRect();
            return (
              bar.scrollWidth > bar.clientWidth + 1 ||
              inside.right > body.right ||
              tools.some((tool) => tool.right > inside.right + 1 || tool.left < inside.left - 1)
            );
          }).length,
      );
      expect(cut).toBe(0);
      await screenshot(page, `editor-phone-options-${locale.slice(0, 2)}`, { fullPage: false });
      expect(unexpectedErrors()).toEqual([]);
      await page.close();
    }
  });
});
