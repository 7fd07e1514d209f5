import fs from 'node:fs';
import path from 'node:path';
import {
  AuditStatus,
  FILE_SERVE_PATH,
  QuestionType,
  TOKEN_COOKIE,
  type QuestionImportPreview,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, refusalText } from '../../../test/factories.js';
import { PNG } from '../files/fixtures.js';
import { foreignImport } from './foreign-import-test-data.js';
import { createStructure, type Structure } from './test-data.js';

// Moodle XML and GIFT files as Moodle's documentation writes them (test/fixtures/moodle/),
// through the same preview and import as the Excel template (docs/features/question-bank.md).

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/moodle');
const MOODLE_XML = fs.readFileSync(path.join(FIXTURES, 'electrical-export.xml'));
const GIFT = fs.readFileSync(path.join(FIXTURES, 'electrical.gift'));

describe('question import from Moodle XML and GIFT', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  const db = () => t.handle.db;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(db());
  });
  afterAll(() => t.close());

  const { parts, preview, apply, applied, count } = foreignImport(() => ({ t, admin, s }), {});
  const imported = (source: string) =>
    db()
      .selectFrom('questions')
      .selectAll()
      .where('external_source', '=', source)
      .orderBy('id')
      .execute();
  const summary = (result: QuestionImportPreview) =>
    result.rows.map((row) => ({
      line: row.row,
      name: row.name,
      action: row.action,
      type: row.question.type,
      answer: row.question.answer,
      problems: row.problems.map((problem) => `${problem.code} ${problem.field}`),
    }));

  describe('Moodle XML', () => {
    it('previews what each question becomes and names the unsupported ones, writing nothing', async () => {
      const before = await count();
      const result = expectOk(await preview(parts(MOODLE_XML, 'export.xml')));
      expect(result).toMatchObject({ total: 9, valid: 7, invalid: 2 });
      expect(summary(result)).toEqual([
        { line: 15, name: 'Safe voltage', action: 'create', type: 0, answer: 'B', problems: [] },
        { line: 69, name: 'Insulators', action: 'create', type: 1, answer: 'AC', problems: [] },
        {
          line: 105,
          name: 'Unit of current',
          action: 'create',
          type: 2,
          answer: 'T',
          problems: [],
        },
        {
          line: 134,
          name: 'Unit of resistance',
          action: 'create',
          type: QuestionType.FILL_BLANK,
          answer: 'ohm / Ω',
          problems: [],
        },
        {
          line: 161,
          name: "Ohm's law",
          action: 'create',
          type: QuestionType.FILL_BLANK,
          answer: '2.9 / 3.0 / 3 / 3.1',
          problems: [],
        },
        {
          line: 196,
          name: 'Lock out',
          action: 'create',
          type: QuestionType.SHORT_ANSWER,
          answer: 'Switch off, lock out, verify, earth.',
          problems: [],
        },
        {
          line: 223,
          name: 'Match the symbols',
          action: 'create',
          type: null,
          answer: '',
          problems: ['unsupported type'],
        },
        {
          line: 253,
          name: 'Cloze units',
          action: 'create',
          type: QuestionType.FILL_BLANK,
          answer: 'ampere',
          problems: [],
        },
        {
          line: 269,
          name: 'Read first',
          action: 'create',
          type: null,
          answer: '',
          problems: ['unsupported type'],
        },
      ]);
      expect(result.rows[6]!.problems[0]!.message).toBe(
        'matching questions: Kaoshi has no matching type',
      );
      expect(result.rows[0]!.question).toMatchObject({
        stem: 'Which voltage is a safe voltage?',
        optionCount: 3,
        score: 2,
      });
      expect(await count()).toBe(before);
    });

    it('reads Cloze gaps of short answers and numbers as blanks, and names other gaps as unsupported', async () => {
      const cloze = (text: string) =>
        `<question type="multianswer"><name><text>Cloze</text></name><questiontext format="html"><text><![CDATA[${text}]]></text></questiontext></question>`;
      const file = Buffer.from(
        `<?xml version="1.0"?><quiz>${cloze('<p>{1:SA:=a\\}b~%100%c~%50%d} and {2:NM:=3:0.1}</p>')}${cloze('<p>{1:MULTICHOICE:=yes~no}</p>')}</quiz>`,
      );
      const result = expectOk(await preview(parts(file, 'cloze.xml')));
      expect(result.rows.map((row) => [row.question.type, row.question.answer])).toEqual([
        [QuestionType.FILL_BLANK, 'a}b / c | 2.9 / 3.0 / 3 / 3.1'],
        [null, ''],
      ]);
      expect(result.rows[1]!.problems[0]!.message).toMatch(
        /^embedded answers \(Cloze\) other than/,
      );
    });

    it('imports the supported ones with their image, and a re-import updates them', async () => {
      const before = await count();
      expect(applied(await apply(parts(MOODLE_XML, 'export.xml')))).toEqual({
        created: 7,
        updated: 0,
        skipped: 2,
        total: 9,
      });
      expect(await count()).toBe(before + 7);
      const rows = await imported('moodleXml');
      expect(rows.map((row) => row.external_id?.replace(/^sha1:.*/, 'hash'))).toEqual([
        'EL-001',
        'EL-002',
        'hash',
        'EL-004',
        'EL-005',
        'EL-006',
        'EL-008',
      ]);
      const [choice, multiple, judgement, fill, numerical, essay, cloze] = rows;

      // The image became an upload; the script went with the allow-list.
      const src = /<img[^>]* src="([^"]+)"/.exec(choice!.content)?.[1];
      expect(src).toMatch(new RegExp(`^${FILE_SERVE_PATH}[0-9a-f]{32}\\.png$`));
      expect(choice!.content).not.toMatch(/script|PLUGINFILE/);
      const served = await t.app.inject({
        method: 'GET',
        url: src!,
        cookies: { [TOKEN_COOKIE]: admin.token! },
      });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(JSON.parse(choice!.options)).toEqual([
        { key: 'A', content: '<p>220 V</p>', correct: false },
        { key: 'B', content: '<p>36 V</p>', correct: true },
        { key: 'C', content: '380 V', correct: false },
      ]);
      expect(choice).toMatchObject({
        type: QuestionType.SINGLE,
        score: 200,
        analysis: '<p>36 V and below is safe &amp; dry.</p>',
        subject_id: s.subjectId,
        level: 5,
        course_id: s.courseId,
      });
      expect(JSON.parse(choice!.tags)).toEqual(['Electrical', 'Safety rules', 'voltage']);
      expect(JSON.parse(multiple!.options).map((o: { correct: boolean }) => o.correct)).toEqual([
        true,
        false,
        true,
      ]);
      expect(judgement).toMatchObject({ type: QuestionType.JUDGEMENT, answer: 'T' });
      expect(JSON.parse(judgement!.tags)).toEqual(['Electrical', 'Basics']);
      expect(JSON.parse(fill!.blanks)).toEqual([['ohm', 'Ω']]);
      expect(numerical!.content).toBe(
        '<p>A 2 Ω resistor carries 1.5 A. What is the voltage in volts?</p><p>____</p>',
      );
      expect(JSON.parse(numerical!.blanks)).toEqual([['2.9', '3.0', '3', '3.1']]);
      // Cloze with short-answer gaps only: a fill-in, a blank where each gap stood.
      expect(cloze).toMatchObject({
        type: QuestionType.FILL_BLANK,
        content: '<p>Current is measured in ____.</p>',
      });
      expect(JSON.parse(cloze!.blanks)).toEqual([['ampere']]);
      expect(essay).toMatchObject({
        type: QuestionType.SHORT_ANSWER,
        answer: '<p>Switch off, lock out, verify, earth.</p>',
        analysis: '<p>Isolation protects the worker.</p>',
        score: 500,
      });

      // The same export after an edit in Moodle: the questions are updated, none added.
      await db()
        .updateTable('questions')
        .set({ audit_status: AuditStatus.PASSED })
        .where('id', 'in', [choice!.id, multiple!.id])
        .execute();
      const edited = Buffer.from(
        MOODLE_XML.toString('utf8').replace('Which voltage is a', 'Which voltage counts as a'),
      );
      const again = expectOk(await preview(parts(edited, 'export.xml')));
      expect(
        again.rows.filter((row) => row.question.type !== null).map((row) => row.action),
      ).toEqual(Array(7).fill('update'));
      const counted = await count();
      expect(applied(await apply(parts(edited, 'export.xml')))).toEqual({
        created: 0,
        updated: 7,
        skipped: 2,
        total: 9,
      });
      expect(await count()).toBe(counted);
      const after = await imported('moodleXml');
      expect(after.map((row) => row.id)).toEqual(rows.map((row) => row.id));
      expect(after[0]!.content).toMatch(/^<p>Which voltage counts as a <strong>safe/);
      // The edited one needs a new review; the unchanged one stays approved.
      expect(after[0]!.audit_status).toBe(AuditStatus.EXPIRED);
      expect(after[1]!.audit_status).toBe(AuditStatus.PASSED);
    });

    it('refuses a broken file naming the line, and a file that is not a Moodle export', async () => {
      const broken = Buffer.from(
        '<?xml version="1.0"?>\n<quiz>\n  <question type="truefalse">\n    <name><text>x</name>\n</quiz>\n',
      );
      expectStatus(
        await preview(parts(broken, 'broken.xml')),
        10002,
        /^file: not well-formed XML \(line 4, column \d+: .+\): a Moodle XML export was expected/,
      );
      expectStatus(
        await preview(parts(Buffer.from('<?xml version="1.0"?><html></html>'), 'page.xml')),
        10002,
        /^file: not a Moodle XML export: the root element is <html>, Moodle writes <quiz>/,
      );
      expectStatus(
        await preview(parts(MOODLE_XML, 'export.xml', 'gift')),
        10002,
        /^file: GIFT was chosen but the file is a \.xml: GIFT needs a \.gift \/ \.txt file/,
      );
      expectStatus(
        await preview(parts(GIFT, 'electrical.gift', 'moodleXml')),
        10002,
        /^file: Moodle XML was chosen but the file is a \.gift: Moodle XML needs a \.xml file/,
      );
      const noStructure = await preview([{ name: 'file', value: MOODLE_XML, filename: 'a.xml' }]);
      expect(refusalText(noStructure)).toMatch(/^subjectId: /);
    });
  });

  describe('GIFT', () => {
    it('reads every form of the GIFT documentation, naming matching as unsupported', async () => {
      const result = expectOk(await preview(parts(GIFT, 'electrical.txt', 'gift')));
      expect(result).toMatchObject({ total: 13, valid: 12, invalid: 1 });
      expect(
        summary(result).map(({ line, name, type, answer, problems }) => [
          line,
          name,
          type,
          answer,
          problems,
        ]),
      ).toEqual([
        [6, 'Safe voltage', 0, 'B', []],
        [13, 'Insulators', 1, 'AB', []],
        [19, 'Ampere', 2, 'T', []],
        [21, 'Ohm false', 2, 'F', []],
        [23, 'Resistance unit', 4, 'ohm / Ω', []],
        [25, 'Pi', 4, '3.13 / 3.14 / 3.15', []],
        [27, 'Range', 4, '1 / 2 / 3 / 4 / 5', []],
        [29, 'Essay', 5, 'Switch off, lock out, verify, earth.', []],
        [33, 'Missing word', 0, 'B', []],
        [35, 'Missing short', 4, 'amperes / ampere', []],
        [37, 'Escapes', 0, 'A', []],
        [42, 'Matching', null, '', ['unsupported type']],
        [48, '', 2, 'T', []],
      ]);
    });

    it('imports them (escapes, missing words, categories) and a re-import updates them', async () => {
      const before = await count();
      expect(applied(await apply(parts(GIFT, 'electrical.gift')))).toMatchObject({
        created: 12,
        updated: 0,
        skipped: 1,
      });
      expect(await count()).toBe(before + 12);
      const rows = await imported('gift');
      const byTitle = new Map(rows.map((row) => [row.external_id, row]));
      expect(byTitle.get('Safe voltage')).toMatchObject({
        content: '<p>Which voltage is safe?</p>',
        analysis: '<p>36 V and below is safe.</p>',
        score: 100,
      });
      expect(JSON.parse(byTitle.get('Safe voltage')!.tags)).toEqual(['Electrical', 'GIFT']);
      expect(byTitle.get('Ohm false')).toMatchObject({
        content: 'The unit of power is the <b>ohm</b>.',
        answer: 'F',
      });
      expect(byTitle.get('Missing word')!.content).toBe('<p>Copper is a ____ conductor.</p>');
      expect(byTitle.get('Missing short')!.content).toBe(
        '<p>Current is measured in ____ with an ammeter.</p>',
      );
      expect(byTitle.get('Escapes')!.content).toBe(
        '<p>Which one is written 1=2 {set} a~b c#d e:f?</p>',
      );
      expect(JSON.parse(byTitle.get('Escapes')!.options)[0]).toMatchObject({
        content: '1=2 {set} a~b c#d e:f',
        correct: true,
      });
      expect(JSON.parse(byTitle.get('Range')!.blanks)).toEqual([['1', '2', '3', '4', '5']]);

      const edited = Buffer.from(
        GIFT.toString('utf8').replace('Which voltage is safe?', 'Which voltage is safe to touch?'),
      );
      const again = expectOk(await preview(parts(edited, 'electrical.gift')));
      expect(again.rows.filter((row) => row.action === 'update')).toHaveLength(12);
      expect(applied(await apply(parts(edited, 'electrical.gift')))).toMatchObject({
        created: 0,
        updated: 12,
      });
      expect(await count()).toBe(before + 12);
      expect(
        (await imported('gift')).find((row) => row.external_id === 'Safe voltage')!.content,
      ).toBe('<p>Which voltage is safe to touch?</p>');
    });

    it('refuses an XML file sent as GIFT, and text without answer blocks', async () => {
      expectStatus(
        await preview(parts(MOODLE_XML, 'export.txt', 'gift')),
        10002,
        /^file: an XML file, not GIFT text: choose Moodle XML/,
      );
      expectStatus(
        await preview(parts(Buffer.from('1. Just a line\n\n2. Another'), 'a.gift')),
        10002,
        /^file: no GIFT questions/,
      );
    });
  });
});
