// jszip is a dependency of apps/server (the Word import); the test writes its .docx with it.
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKnowledge, type KnowledgeFixture } from './api';
import type { Locator } from 'playwright-core';
import { buttonName, screenshot } from './browser';
import { questionScreens } from './question-kit';
import { adminSession } from './session';

// The question bank's Word (.docx) import through the dialog: the Word template, a document laid
// out as teachers type it (sections, options on one line, bold, a formula), the preview naming
// each question by section and number, the import, and the same document again as updates.

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const M = 'http://schemas.openxmlformats.org/officeDocument/2006/math';
const run = (text: string, bold = false) =>
  `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const p = (...runs: string[]) => `<w:p>${runs.join('')}</w:p>`;
const fraction = `<m:oMath><m:r><m:t>I=</m:t></m:r><m:f><m:num><m:r><m:t>U</m:t></m:r></m:num><m:den><m:r><m:t>R</m:t></m:r></m:den></m:f></m:oMath>`;

async function wordDocument(tag: string) {
  const body = [
    p(run('电工题库', true)),
    p(run('一、单选题（每题2分）', true)),
    p(run(`1．Word单选${tag}：安全电压是（  ）。`)),
    p(run('A．220V　　B．36V　　C．380V')),
    p(run('答案：', true), run('B')),
    p(run('解析：'), run('36V', true), run(' 及以下。')),
    p(run(`2．Word坏题${tag}：绝缘电阻用什么测？`)),
    p(run('A．万用表　　B．兆欧表')),
    p(run('答案：E')),
    p(run('四、填空题（每题3分）', true)),
    p(run(`1．Word填空${tag}：由 `), fraction, run(' 可知电阻的单位是____。')),
    p(run('答案：欧姆/Ω')),
  ].join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:m="${M}"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('Question bank: Word import', () => {
  const session = adminSession();
  let knowledge: KnowledgeFixture;
  const tag = `W${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    knowledge = await createKnowledge(session.admin, tag);
  });

  const { openBank, importPreview, importApply, find } = questionScreens(session, () => knowledge);

  it('imports a Word document by its sections and numbers, and updates it the second time', async () => {
    const { page, unexpectedErrors } = await openBank();
    const buffer = await wordDocument(tag);
    const file = {
      name: 'bank.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer,
    };
    const downloadTemplate = async (modal: Locator) => {
      const template = page.waitForEvent('download');
      await modal.getByRole('button', { name: buttonName('下载 Word 模板') }).click();
      expect((await template).suggestedFilename()).toBe('试题导入模板.docx');
      await screenshot(page, 'question-import-docx-source-zh', { fullPage: false });
    };

    let modal = await importPreview(page, {
      source: 'Word（.docx）',
      file,
      onSource: downloadTemplate,
    });
    const bad = modal.locator('.import-row-invalid');
    await expect.poll(() => bad.count()).toBe(1);
    expect(await bad.innerText()).toContain('一、单选题 · 2');
    expect(
      await modal.locator('.ant-table-row', { hasText: `Word填空${tag}` }).innerText(),
    ).toContain('四、填空题 · 1');
    await screenshot(page, 'question-import-docx-preview-zh', { fullPage: false });
    await importApply(page, modal, '共 3 道试题：新增 2 道，跳过 1 道。');
    expect(await find(`Word单选${tag}`)).toMatchObject({
      type: 0,
      score: 2,
      analysis: '<p><strong>36V</strong> 及以下。</p>',
      courseId: knowledge.course.id,
    });
    const fill = await find(`Word填空${tag}`);
    expect(fill).toMatchObject({ type: 4, score: 3, blanks: [['欧姆', 'Ω']] });
    expect(fill!.content).toContain('data-latex="I=\\frac{U}{R}"');

    // The same document again: updates, not copies.
    modal = await importPreview(page, { source: 'Word（.docx）', file });
    expect(
      await modal.locator('.ant-table-row', { hasText: `Word单选${tag}` }).innerText(),
    ).toContain('更新');
    await importApply(
      page,
      modal,
      '共 3 道试题：新增 0 道，更新 2 道，跳过 1 道。',
      'question-import-docx-result-zh',
    );
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});
