import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import {
  QuestionType,
  TOKEN_COOKIE,
  type QuestionImportPreview,
  type QuestionView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { FilesService } from '../files/files.service.js';
import { PNG } from '../files/fixtures.js';
import { sniffImage } from '../files/sniff.js';
import { writePaper } from '../paper/test-data.js';
import { foreignImport } from './foreign-import-test-data.js';
import { toXhtml } from './question-export-foreign.js';
import { QUESTION_BASE as BASE } from './question.routes.js';
import { createStructure, type Structure } from './test-data.js';

// Export then import gives the same questions: every question type, with images (stem, option,
// analysis, model answer), formulas, underline, scores, blanks with alternatives, through the
// QTI 3.0 / 2.2 packages and Moodle XML and back through the importers' preview and apply
// (docs/features/question-bank.md "Export"). No 1EdTech XSD is reachable from here (see the
// doc): the packages' structure is checked element by element instead.

const SECOND_PNG = Buffer.concat([PNG, Buffer.from('another image')]);
const FORMATS = [
  { export: 'qti3', import: 'qti', file: 'bank-qti3.zip', source: 'qti' },
  { export: 'qti22', import: 'qti', file: 'bank-qti22.zip', source: 'qti' },
  { export: 'moodleXml', import: 'moodleXml', file: 'bank.xml', source: 'moodleXml' },
] as const;

describe('question export to QTI and Moodle XML, and back', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  const originals: QuestionView[] = [];
  const exported = new Map<string, Buffer>();

  const download = async (url: string, query: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      query,
      cookies: { [TOKEN_COOKIE]: admin.token! },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response;
  };
  const served = async (src: string) => (await download(src, {})).rawPayload;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(t.handle.db);
    const files = new FilesService(t.handle.db, {
      dataDir: t.config.dataDir,
      allowPrivateFetch: false,
    });
    const store = async (content: Buffer) =>
      (await files.storeBuffer('image', 'figure.png', sniffImage(content)!.extension, content, 1))
        .url;
    const image = await store(PNG);
    const other = await store(SECOND_PNG);
    const common = {
      difficulty: 2,
      subjectId: s.subjectId,
      level: 5,
      courseId: s.courseId,
      pointId: s.pointId,
      tags: [],
      options: [],
      answer: '',
      blanks: [],
      linkUrl: '',
      analysis: '',
    };
    const bodies = [
      {
        ...common,
        type: QuestionType.SINGLE,
        content: `<p>Which meter reads <u>voltage</u>? <img src="${image}" alt="circuit"></p>`,
        options: [
          { content: '<p>Ammeter</p>', correct: false },
          { content: `<p>Voltmeter <img src="${other}" alt=""></p>`, correct: true },
          { content: '<p>Ohmmeter &amp; more</p>', correct: false },
        ],
        answer: 'B',
        analysis: `<p>Volts: <span data-type="formula" data-latex="V=IR">V=IR</span></p>`,
        score: 2.5,
      },
      {
        ...common,
        type: QuestionType.MULTIPLE,
        content: '<p>Which are insulators?</p>',
        options: [
          { content: '<p>Rubber</p>', correct: true },
          { content: '<p>Copper</p>', correct: false },
          { content: '<p>Glass</p>', correct: true },
          { content: '<p>Iron</p>', correct: false },
        ],
        answer: 'AC',
        analysis: `<p>See <img src="${image}" alt="table"></p>`,
        score: 3,
      },
      {
        ...common,
        type: QuestionType.JUDGEMENT,
        content: '<p>The ampere is the unit of current.</p>',
        answer: 'T',
        analysis: '<p>SI base unit.</p>',
        score: 1,
      },
      {
        ...common,
        type: QuestionType.JUDGEMENT,
        content: '<p>Water never conducts.</p>',
        answer: 'F',
        score: 1.5,
      },
      {
        ...common,
        type: QuestionType.FILL_BLANK,
        content: '<p>Resistance is in ____ and voltage in ____.</p>',
        blanks: [
          ['ohm', 'Ω'],
          ['V', 'volt', 'a*b'],
        ],
        analysis: '<p>Units.</p>',
        score: 4,
      },
      {
        ...common,
        type: QuestionType.FILL_BLANK,
        content: `<p>The symbol <img src="${other}" alt=""> stands for ____.</p>`,
        blanks: [['earth', 'ground']],
        score: 2,
      },
      {
        ...common,
        type: QuestionType.SHORT_ANSWER,
        content: '<p>Describe lock-out / tag-out.</p>',
        answer: `<p>Isolate, lock, tag, <strong>verify</strong>. <img src="${image}" alt=""></p>`,
        analysis: '<p>Five steps.</p>',
        score: 10,
      },
      {
        ...common,
        type: QuestionType.EXTERNAL_LINK,
        content: '<p>Do the simulation.</p>',
        linkUrl: 'https://sim.example.com/run?a=1&b=2',
        score: 5,
      },
    ];
    for (const body of bodies) {
      originals.push(expectOk(await admin.post<QuestionView>(`${BASE}/addQuestion`, body)));
    }
    for (const format of FORMATS) {
      const response = await download(`${BASE}/export`, {
        subjectId: String(s.subjectId),
        sortField: 'id',
        sortOrder: 'ascend',
        lang: 'en',
        format: format.export,
      });
      exported.set(format.export, response.rawPayload);
    }
  });
  afterAll(() => t.close());

  const { parts, preview, apply, applied } = foreignImport(() => ({ t, admin, s }));

  /** HTML compared as XHTML, each image as its bytes' hash, blank markers as one length. */
  const canonical = async (html: string) => {
    const hashes = new Map<string, string>();
    for (const match of html.matchAll(/src="([^"]+)"/g)) {
      const bytes = await served(match[1]!.replace(/&amp;/g, '&'));
      hashes.set(match[1]!, createHash('sha1').update(bytes).digest('hex').slice(0, 12));
    }
    return toXhtml(html, { imageSource: (src) => hashes.get(src) ?? `?${src}`, keepMarks: true })
      .replace(/_{3,}/g, '___')
      .replace(/>\s+</g, '><')
      .trim();
  };
  const comparable = async (question: QuestionView) => ({
    type: question.type,
    content: await canonical(question.content),
    options: await Promise.all(
      question.options.map(async (option) => ({
        key: option.key,
        content: await canonical(option.content),
        correct: option.correct,
      })),
    ),
    answer:
      question.type === QuestionType.SHORT_ANSWER
        ? await canonical(question.answer)
        : question.answer,
    blanks: question.blanks,
    linkUrl: question.linkUrl,
    analysis: await canonical(question.analysis),
    score: question.score,
  });

  for (const format of FORMATS) {
    it(`round-trips every question type through ${format.export}`, async () => {
      const file = exported.get(format.export)!;
      const form = parts(file, format.file, format.import);
      const checked = expectOk(await preview(form)) as QuestionImportPreview;
      expect(
        checked.rows
          .filter((row) => row.problems.length > 0)
          .map((row) => [row.name, row.problems]),
      ).toEqual([]);
      expect(checked).toMatchObject({ total: originals.length, valid: originals.length });
      applied(await apply(form));
      const rows = await t.handle.db
        .selectFrom('questions')
        .select(['id', 'external_id'])
        .where('external_source', '=', format.source)
        .execute();
      const byExternal = new Map(rows.map((row) => [row.external_id, row.id]));
      for (const original of originals) {
        const id = byExternal.get(`q${original.id}`);
        expect(id, `q${original.id}`).toBeDefined();
        const copy = expectOk(await admin.get<QuestionView>(`${BASE}/getQuestion/${id}`));
        expect(await comparable(copy), `${format.export} q${original.id}`).toEqual(
          await comparable(original),
        );
      }
    });
  }

  it('writes a QTI 3.0 package: a manifest naming each item and image, items of every interaction', () => {
    const files = unzipSync(exported.get('qti3')!);
    const manifest = strFromU8(files['imsmanifest.xml']!);
    expect(manifest).toContain('xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1"');
    const items = Object.keys(files).filter((name) => name.startsWith('items/'));
    expect(items).toHaveLength(originals.length);
    for (const item of items) {
      expect(manifest).toContain(`type="imsqti_item_xmlv3p0" href="${item}"`);
    }
    const images = Object.keys(files).filter((name) => name.startsWith('images/'));
    expect(images).toHaveLength(2);
    for (const image of images) expect(manifest).toContain(`<file href="${image}"/>`);
    const single = strFromU8(files[`items/q${originals[0]!.id}.xml`]!);
    expect(single).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<qti-assessment-item xmlns="http:\/\/www.imsglobal.org\/xsd\/imsqtiasi_v3p0"/,
    );
    for (const part of [
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>B</qti-value></qti-correct-response>',
      '<qti-map-entry map-key="B" mapped-value="2.5"/>',
      'normal-maximum="2.5"',
      '<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1"><qti-prompt>',
      '<span class="qti-underline">voltage</span>',
      '<img src="../images/',
      '<span data-type="formula" data-latex="V=IR">V=IR</span>',
      '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>',
      '<qti-modal-feedback outcome-identifier="FEEDBACK"',
    ]) {
      expect(single).toContain(part);
    }
    const fill = strFromU8(files[`items/q${originals[4]!.id}.xml`]!);
    expect(fill).toContain('<qti-text-entry-interaction response-identifier="RESPONSE_2"');
    expect(fill).toContain('<qti-map-entry map-key="a*b" mapped-value="2" case-sensitive="true"/>');
    const essay = strFromU8(files[`items/q${originals[6]!.id}.xml`]!);
    expect(essay).toContain(
      '<qti-rubric-block view="scorer" use="scoring"><qti-content-body><p>Isolate',
    );
    expect(essay).toContain('<qti-extended-text-interaction response-identifier="RESPONSE"/>');
  });

  it('writes QTI 2.2 with the 2.2 namespace and names, and Moodle XML with a category and base64 images', () => {
    const files = unzipSync(exported.get('qti22')!);
    expect(strFromU8(files['imsmanifest.xml']!)).toContain('type="imsqti_item_xmlv2p2"');
    const single = strFromU8(files[`items/q${originals[0]!.id}.xml`]!);
    expect(single).toContain('<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2"');
    expect(single).toContain('<choiceInteraction responseIdentifier="RESPONSE"');
    const moodle = exported.get('moodleXml')!.toString('utf8');
    expect(moodle).toContain(`<text>$course$/top/`);
    expect(moodle).toContain(`encoding="base64">${PNG.toString('base64')}</file>`);
    expect(moodle).toContain('<question type="multianswer">');
    expect(moodle).toContain('{1:SHORTANSWER_C:=V~=volt~=a*b}');
  });

  it('exports a paper as a package with its test, and refuses a format it does not know', async () => {
    const paperId = await writePaper(t.handle.db, {
      subjectId: s.subjectId,
      level: 5,
      passScore: 3,
      name: 'Electrical / final',
      sections: [
        { title: 'Choice', questions: [{ id: originals[0]!.id, score: 4 }] },
        { title: 'Open', questions: [{ id: originals[6]!.id, score: 6 }] },
      ],
    });
    const response = await download(`/api/kaoshi-paper/paper/exportPaper/${paperId}`, {
      format: 'qti3',
    });
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(response.rawPayload);
    const testFile = Object.keys(files).find((name) => name.startsWith('tests/'))!;
    const test = strFromU8(files[testFile]!);
    expect(test).toContain(
      '<qti-assessment-section identifier="S1" title="Choice" visible="true">',
    );
    expect(test).toMatch(
      /<qti-assessment-item-ref identifier="s1q\d+" href="..\/items\/s1q\d+.xml"\/>/,
    );
    expect(strFromU8(files['imsmanifest.xml']!)).toContain('type="imsqti_test_xmlv3p0"');
    const items = Object.keys(files).filter((name) => name.startsWith('items/'));
    expect(items).toHaveLength(2);
    expect(strFromU8(files[items.find((name) => name.startsWith('items/s1'))!]!)).toContain(
      'normal-maximum="4"',
    );
    const moodle = await download(`/api/kaoshi-paper/paper/exportPaper/${paperId}`, {
      format: 'moodleXml',
    });
    expect(moodle.body).toContain('<text>$course$/top/Electrical // final/Choice</text>');
    expectStatus(
      await admin.get(`/api/kaoshi-paper/paper/exportPaper/${paperId}`, { format: 'pdf' }),
      10002,
      /format/,
    );
  });
});
