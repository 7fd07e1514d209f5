import { EDITOR_PATH, TOKEN_COOKIE, type EditorUploadResult } from '@kaoshi/shared';
import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';
import { PNG, multipart } from '../files/fixtures.js';
import { createStructure } from '../question/test-data.js';
import { imageSize } from './html-to-docx.js';
import { latexToWord } from './latex-to-omml.js';
import { PAPER_BASE as BASE } from './paper.routes.js';
import { addBankQuestions } from './test-data.js';

describe('a paper as a Word document', () => {
  const t = useAdminApp();
  let paperId: number;

  beforeAll(async () => {
    const s = await createStructure(t.handle.db);
    const uploaded = await t.admin.request<never>({
      method: 'POST',
      url: `${EDITOR_PATH}?action=uploadimage`,
      ...multipart([{ name: 'upfile', value: PNG, filename: 'circuit.png' }]),
    });
    const { url } = uploaded.body as unknown as EditorUploadResult;
    const [choice, judgement, blank, short] = await addBankQuestions(
      t.handle.db,
      [0, 2, 4, 5].map((type) => ({
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
        type,
      })),
    );
    await t.handle.db
      .updateTable('questions')
      .set({
        content:
          `<p>Which law is <strong>V = IR</strong>? <span data-type="formula" data-latex="V=IR"></span> and <span data-type="formula" data-latex="I=\\frac{U}{R^2}">I=\\frac{U}{R^2}</span></p>` +
          `<table><tbody><tr><td><p>电压</p></td><td><p>220 V</p></td></tr></tbody></table>` +
          `<p><img src="${url}" alt="circuit"></p>`,
      })
      .where('id', '=', choice!)
      .execute();
    ({ id: paperId } = expectOk(
      await t.admin.post<{ id: number }>(`${BASE}/addPaper`, {
        name: '电工初级 A 卷',
        subjectId: s.subjectId,
        level: s.level,
        passScore: 4,
        durationMinutes: 90,
        mode: 'manual',
        sections: [
          { title: '单选题', questions: [{ questionId: choice }] },
          {
            // Numbered by its author: the export adds no second number.
            title: '二、其他',
            questions: [judgement, blank, short].map((questionId) => ({ questionId })),
          },
        ],
      }),
    ));
  });

  async function exported(answers: 0 | 1, language = 'zh-CN') {
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/exportPaper/${paperId}?format=docx&answers=${answers}`,
      cookies: { [TOKEN_COOKIE]: t.admin.token! },
      headers: { 'accept-language': language },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/wordprocessingml/);
    // The two downloads differ by name: the one with the key says so, in the user's language.
    const fileName =
      answers === 1 && language === 'zh-CN'
        ? '电工初级 A 卷（含答案）.docx'
        : answers === 1
          ? '电工初级 A 卷 (with answers).docx'
          : '电工初级 A 卷.docx';
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(fileName));
    const zip = await JSZip.loadAsync(response.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = xml.replace(/<w:tab\/>/g, '\t').replace(/<[^>]+>/g, '');
    return { zip, xml, text };
  }

  it('holds the header, the score table, every question with its options, formulas as Word equations, tables and images', async () => {
    const { zip, xml, text } = await exported(0);
    expect(text).toContain('电工初级 A 卷');
    expect(text).toContain('初级');
    expect(text).toContain('姓名');
    expect(text).toMatch(/一、单选题（共 1 题，计 2 分）/);
    expect(text).toMatch(/[^、]二、其他（共 3 题/);
    // Formulas are Office Math (OMML), as Word's equation editor writes them: no LaTeX source.
    expect(text).toContain('1. Which law is V = IR? V=IR and I=');
    expect(xml).toMatch(/<m:oMath>(?:(?!<\/m:oMath>).)*<m:t[^>]*>V<\/m:t>/);
    expect(xml).toMatch(/<m:f>.*<m:num>.*U.*<\/m:num>.*<m:den>.*<m:sSup>.*R.*2.*<\/m:den>/);
    expect(text).not.toMatch(/\$|\\frac/);
    // A true/false question has the two answers to tick, as choices have their keys.
    expect(text).toContain('☐ 正确');
    expect(text).toContain('☐ 错误');
    expect(text).toContain('A. A');
    expect(text).toContain('电压');
    expect(text).toContain('220 V');
    expect(xml).toContain('<w:tbl>');
    expect(xml).toMatch(/<w:b\/>|<w:b w:val="true"\/>/);
    expect(Object.keys(zip.files).some((name) => /^word\/media\/.+\.png$/.test(name))).toBe(true);
    expect(text).toContain('4. Bank question');
    expect(text).not.toContain('答案');
    expect(text).not.toContain('Why');
  });

  it('adds each answer and explanation when asked, in the language of the request', async () => {
    const { text } = await exported(1);
    expect(text).toContain('答案：A');
    expect(text).toContain('答案：正确');
    expect(text).toContain('答案：(1) ohm / Ω  (2) volt');
    expect(text).toContain('答案：Model answer');
    expect(text).toContain('解析：Why');
    const english = await exported(1, 'en');
    expect(english.text).toContain('Answer: True');
    expect(english.text).toContain('Part 1. 单选题 (1 question, 2 points)');
  });

  it('reads the size of PNG, GIF and JPEG images', () => {
    expect(imageSize(PNG)).toEqual({ width: 1, height: 1 });
    const gif = Buffer.from('R0lGODlhAwACAIAAAP///wAAACwAAAAAAwACAAACAoRRADs=', 'base64');
    expect(imageSize(gif)).toEqual({ width: 3, height: 2 });
    expect(imageSize(Buffer.from('not an image'))).toBeUndefined();
  });
});

describe('a formula as a Word equation', () => {
  async function omml(latex: string) {
    const document = new Document({
      sections: [{ children: [new Paragraph({ children: [latexToWord(latex)] })] }],
    });
    const zip = await JSZip.loadAsync(await Packer.toBuffer(document));
    return zip.file('word/document.xml')!.async('string');
  }

  it('writes sums, radicals and accents as Office Math objects', async () => {
    const xml = await omml('\\sum_{i=1}^{n} x_i + \\sqrt[3]{y} + \\overline{AB}');
    expect(xml).toContain('<m:nary>');
    expect(xml).toContain('<m:rad>');
    expect(xml).toContain('<m:deg>');
    expect(xml).toContain('<m:sSub>');
    expect(xml).toContain('<m:limUpp>');
  });

  it('keeps a formula KaTeX cannot read as its source text, outside math', async () => {
    const xml = await omml('\\frac{1}{');
    expect(xml).not.toContain('<m:oMath>');
    expect(xml.replace(/<[^>]+>/g, '')).toContain('\\frac{1}{');
  });
});
