import { describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { PHONE, animationsDone, answerConfirm, buttonName, screenshot } from './browser';
import { FILE_URL, POLL, editorScreens, solidPng } from './editor-kit';
import { adminSession } from './session';

// The rich-text editor's uploads (file chooser, paste, drop), drafts and phone layout in the
// question bank's add dialog.

describe('Rich-text editor: uploads, drafts, phone', () => {
  const session = adminSession();
  const { baseURL } = session;

  const { dialog, toast, tool, openEditor, outputOf } = editorScreens(session);

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
