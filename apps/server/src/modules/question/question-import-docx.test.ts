import fs from 'node:fs';
import path from 'node:path';
import {
  AuditStatus,
  FILE_SERVE_PATH,
  QUESTION_IMPORT_LANGUAGES,
  QuestionType,
  TOKEN_COOKIE,
} from '@kaoshi/shared';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { zip } from '../../../test/imports.js';
import { QUESTION_BASE as BASE } from './question.routes.js';
import { foreignImport } from './foreign-import-test-data.js';
import { createStructure, type Structure } from './test-data.js';

// A Word document laid out as teachers type it (test/fixtures/docx/, written by the script
// beside it), through the same preview and import as the Excel template.

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/docx');
const DOCX = fs.readFileSync(path.join(FIXTURES, 'electrical.docx'));

/** The fixture with its document.xml edited. */
async function editedDocx(edit: (xml: string) => string) {
  const zip = await JSZip.loadAsync(DOCX);
  const xml = await zip.file('word/document.xml')!.async('string');
  zip.file('word/document.xml', edit(xml));
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('question import from Word (.docx)', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  const db = () => t.handle.db;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(db());
  });
  afterAll(() => t.close());

  const { parts, preview, apply, applied, count } = foreignImport(() => ({ t, admin, s }), {
    filename: 'bank.docx',
  });
  const imported = () =>
    db()
      .selectFrom('questions')
      .selectAll()
      .where('external_source', '=', 'docx')
      .orderBy('id')
      .execute();

  it('previews each question by its number: type, options, key, score; the problem named', async () => {
    const before = await count();
    const result = expectOk(await preview(parts(DOCX)));
    expect(result).toMatchObject({ total: 10, valid: 9, invalid: 1 });
    expect(
      result.rows.map((row) => [
        row.name,
        row.action,
        row.question.type,
        row.question.optionCount,
        row.question.answer,
        row.question.score,
        row.problems.map((problem) => `${problem.code} ${problem.field}`),
      ]),
    ).toEqual([
      ['一、单选题 · 1', 'create', QuestionType.SINGLE, 4, 'B', 2, []],
      ['一、单选题 · 2', 'create', QuestionType.SINGLE, 4, 'C', 3, []],
      ['一、单选题 · 3', 'create', QuestionType.SINGLE, 4, 'A', 2, []],
      ['一、单选题 · 4', 'create', QuestionType.SINGLE, 4, 'E', 2, ['answer answer']],
      ['二、多选题 · 1', 'create', QuestionType.MULTIPLE, 4, 'ABD', 3, []],
      ['三、判断题 · 1', 'create', QuestionType.JUDGEMENT, 0, 'F', 1, []],
      ['三、判断题 · 2', 'create', QuestionType.JUDGEMENT, 0, 'T', 1, []],
      ['四、填空题 · 1', 'create', QuestionType.FILL_BLANK, 0, '6', 2, []],
      ['四、填空题 · 2', 'create', QuestionType.FILL_BLANK, 0, '欧姆 / Ω', 2, []],
      [
        '五、简答题 · 1',
        'create',
        QuestionType.SHORT_ANSWER,
        0,
        expect.stringMatching(/^应选用二氧化碳灭火器。/),
        6,
        [],
      ],
    ]);
    expect(result.rows[0]!.question.difficulty).toBe(2);
    expect(await count()).toBe(before);
  });

  it('imports exactly what the preview showed (formatting, image, table, formula), and a re-import updates', async () => {
    const before = await count();
    expect(applied(await apply(parts(DOCX)))).toEqual({
      created: 9,
      updated: 0,
      skipped: 1,
      total: 10,
    });
    expect(await count()).toBe(before + 9);
    const rows = await imported();
    expect(rows).toHaveLength(9);
    const [safe, circuit, frequency, rescue, touch, earth, levels, unit, extinguisher] = rows;

    expect(safe).toMatchObject({
      type: QuestionType.SINGLE,
      content: '<p>下列哪个是安全电压？（  ）</p>',
      answer: 'B',
      analysis: '<p>我国规定的安全电压额定值为<strong>36V</strong>及以下。</p>',
      score: 200,
      difficulty: 2,
      subject_id: s.subjectId,
      level: 5,
      course_id: s.courseId,
    });
    expect(JSON.parse(safe!.options)).toEqual([
      { key: 'A', content: '220V', correct: false },
      { key: 'B', content: '36V', correct: true },
      { key: 'C', content: '380V', correct: false },
      { key: 'D', content: '110V', correct: false },
    ]);

    // The image is an upload served as the document held it; the formula is the editor's.
    const src = /<img[^>]* src="([^"]+)"/.exec(circuit!.content)?.[1];
    expect(src).toMatch(new RegExp(`^${FILE_SERVE_PATH}[0-9a-f]{32}\\.png$`));
    const media = await (
      await JSZip.loadAsync(DOCX)
    )
      .file('word/media/image1.png')!
      .async('nodebuffer');
    const served = await t.app.inject({
      method: 'GET',
      url: src!,
      cookies: { [TOKEN_COOKIE]: admin.token! },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(media)).toBe(true);
    expect(circuit!.analysis).toContain(
      '<span data-type="formula" data-latex="I=\\frac{U}{R}=\\frac{12}{2}=6 A">',
    );
    expect(circuit!.score).toBe(300);

    // Word's own list numbering gave the options their letters.
    expect(JSON.parse(frequency!.options).map((o: { content: string }) => o.content)).toEqual([
      '50Hz',
      '60Hz',
      '100Hz',
      '220Hz',
    ]);
    expect(JSON.parse(rescue!.options).map((o: { correct: boolean }) => o.correct)).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(rescue!.analysis).toBe('<p><strong>切勿</strong>直接用手接触触电者。</p>');
    expect(touch).toMatchObject({ type: QuestionType.JUDGEMENT, answer: 'F', score: 100 });
    expect(earth).toMatchObject({
      type: QuestionType.JUDGEMENT,
      answer: 'T',
      content: '<p>电气设备的金属外壳必须可靠接地。</p>',
    });
    expect(levels!.content).toBe('<p>我国安全电压额定值的等级为 42V、36V、24V、12V 和____V。</p>');
    expect(JSON.parse(levels!.blanks)).toEqual([['6']]);
    expect(unit!.content).toBe('<p>电阻的单位是____。</p>');
    expect(JSON.parse(unit!.blanks)).toEqual([['欧姆', 'Ω']]);
    expect(extinguisher).toMatchObject({ type: QuestionType.SHORT_ANSWER, score: 600 });
    expect(extinguisher!.content).toMatch(
      /<table[^>]*>.*<td[^>]*><p><strong>灭火器<\/strong><\/p><\/td>.*<p>泡沫灭火器<\/p>.*<\/table>/,
    );
    expect(extinguisher!.answer).toBe(
      '<p>应选用二氧化碳灭火器。</p><p>它不导电、不留痕迹，适用于电气设备火灾；泡沫灭火器导电，不能用于带电设备。</p>',
    );

    // The same document again with an explanation edited: updated in place, none added.
    await db()
      .updateTable('questions')
      .set({ audit_status: AuditStatus.PASSED })
      .where('id', 'in', [safe!.id, rescue!.id])
      .execute();
    const edited = await editedDocx((xml) => xml.replace('切勿', '绝不能'));
    const again = expectOk(await preview(parts(edited)));
    expect(again.rows.map((row) => row.action)).toEqual(
      Array(10).fill('update').fill('create', 3, 4),
    );
    const counted = await count();
    expect(applied(await apply(parts(edited)))).toEqual({
      created: 0,
      updated: 9,
      skipped: 1,
      total: 10,
    });
    expect(await count()).toBe(counted);
    const after = await imported();
    expect(after.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(after[3]!.analysis).toBe('<p><strong>绝不能</strong>直接用手接触触电者。</p>');
    expect(after[3]!.audit_status).toBe(AuditStatus.EXPIRED);
    expect(after[0]!.audit_status).toBe(AuditStatus.PASSED);
  });

  it('names a formula part it cannot turn into LaTeX on its question, keeping its text', async () => {
    const withArray = await editedDocx((xml) =>
      xml.replace(/<m:f>.*?<\/m:f>/, '<m:eqArr><m:e><m:r><m:t>U=IR</m:t></m:r></m:e></m:eqArr>'),
    );
    const result = expectOk(await preview(parts(withArray)));
    expect(result.rows[1]!.problems).toEqual([
      {
        code: 'unsupported',
        field: 'content',
        message: 'a formula uses m:eqArr, which is kept as its text',
      },
    ]);
    expect(result.rows.filter((row) => row.problems.length > 0)).toHaveLength(2);
  });

  it('reads an external link section: the address from its 链接 line, the marking note as answer', async () => {
    const line = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
    const withLink = await editedDocx((xml) =>
      xml.replace(
        '<w:sectPr>',
        [
          line('六、外部链接题（每题4分）'),
          line('1．在仿真平台上完成照明电路的接线。'),
          line('链接：https://lab.example.com/tasks/7'),
          line('答案：电路通过检查即得满分。'),
        ].join('') + '<w:sectPr>',
      ),
    );
    const result = expectOk(await preview(parts(withLink)));
    expect(result.rows.at(-1)).toMatchObject({
      name: '六、外部链接题 · 1',
      question: { type: QuestionType.EXTERNAL_LINK, score: 4 },
      problems: [],
    });
    expect(applied(await apply(parts(withLink)))).toMatchObject({ skipped: 1, total: 11 });
    expect((await imported()).find((row) => row.type === QuestionType.EXTERNAL_LINK)).toMatchObject(
      {
        link_url: 'https://lab.example.com/tasks/7',
        answer: '<p>电路通过检查即得满分。</p>',
        score: 400,
      },
    );
  });

  it.each(QUESTION_IMPORT_LANGUAGES)(
    'gives a Word template in %s that imports back as its examples',
    async (lang) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${BASE}/importTemplate`,
        query: { lang, format: 'docx' },
        cookies: { [TOKEN_COOKIE]: admin.token! },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="[a-z-]+\.docx"/,
      );
      const result = expectOk(await preview(parts(response.rawPayload, 'template.docx')));
      expect(
        result.rows.map((row) => [
          row.question.type,
          row.question.answer,
          row.question.score,
          row.problems,
        ]),
      ).toEqual([
        [QuestionType.SINGLE, 'B', 2, []],
        [QuestionType.MULTIPLE, 'ABD', 3, []],
        [QuestionType.JUDGEMENT, 'T', 1, []],
        [QuestionType.FILL_BLANK, expect.stringMatching(/ \/ Ω$/), 2, []],
        [QuestionType.SHORT_ANSWER, expect.any(String), 6, []],
      ]);
    },
  );

  it('refuses what is not a Word document, a bomb, and a document with no questions', async () => {
    expectStatus(
      await preview(parts(Buffer.from('not a zip at all'), 'bank.docx')),
      10002,
      /^file: not a readable Word document \(\.docx\)/,
    );
    // 80 MB of spaces in a small file (written with the native deflate, quickly).
    const bomb = zip([
      { name: 'word/document.xml', data: Buffer.alloc(80 * 1024 * 1024, 32), deflate: true },
    ]);
    expectStatus(
      await preview(parts(bomb, 'bomb.docx')),
      10002,
      /^file: the Word document unpacks to more than 64 MB/,
    );
    const empty = await editedDocx((xml) =>
      xml.replace(
        /<w:body>.*<w:sectPr>/s,
        '<w:body><w:p><w:r><w:t>只有标题</w:t></w:r></w:p><w:sectPr>',
      ),
    );
    expectStatus(await preview(parts(empty)), 10002, /^file: no questions in the Word document/);
    expectStatus(
      await preview(parts(DOCX, 'bank.xml', 'docx')),
      10002,
      /^file: Word \(\.docx\) was chosen but the file is a \.xml/,
    );
  });
});
