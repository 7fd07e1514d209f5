import type { QuestionView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import {
  animationsDone,
  buttonName,
  editorLabelled,
  newPage,
  openSignedIn,
  pickIn,
  screenshot,
  openedMenu,
  openPage,
  clickFooterButton,
} from './browser';
import { createKnowledge, type KnowledgeFixture } from './api';
import {
  BANK,
  NBSP,
  POLL,
  caretAtLineEnd,
  editorScreens,
  fillJudgementQuestion,
  table,
} from './editor-kit';
import { adminSession } from './session';

// The rich-text editor core (toolbar, tables, uploads, source mode, links, drafts, limits) in the
// question bank's add dialog, the first screen that hosts it.

describe('Rich-text editor', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let knowledge: KnowledgeFixture;

  beforeAll(async () => {
    knowledge = await createKnowledge(session.admin, `ED${tag}`);
  });

  const { dialog, toast, tool, openEditor, outputOf, setSource } = editorScreens(session);

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
    const { page, unexpectedErrors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}${BANK}`,
    );
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

    await fillJudgementQuestion(page, host, knowledge, POLL);
    await clickFooterButton(host, zh.common.save);
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
    expect(unexpectedErrors()).toEqual([]);
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
    // The picker is placed once it is measured (on a busy machine a frame or more after it shows):
    // the pointer's target is read where the cell has come to rest, two reads alike.
    let box = (await cell.boundingBox())!;
    await expect
      .poll(async () => {
        const previous = box;
        box = (await cell.boundingBox())!;
        return previous.x === box.x && previous.y === box.y;
      }, POLL)
      .toBe(true);
    // What the pointer hits, named when it is not the picker (so a failure says what covered it).
    const hit = await page.evaluate(
      ([x, y]) => {
        const found = document.elementFromPoint(x!, y!);
        if (!found) return 'nothing';
        if (found.closest('.ke-table-picker')) return 'picker';
        return `${found.tagName.toLowerCase()}.${String(found.className)} "${found.textContent?.slice(0, 40)}"`;
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe('picker');
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
});
