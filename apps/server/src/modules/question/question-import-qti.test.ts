import fs from 'node:fs';
import path from 'node:path';
import {
  FILE_SERVE_PATH,
  QuestionType,
  TOKEN_COOKIE,
  type QuestionImportPreview,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { zip } from '../../../test/imports.js';
import { PNG } from '../files/fixtures.js';
import { foreignImport, qtiPackageOf } from './foreign-import-test-data.js';
import { createStructure, type Structure } from './test-data.js';

// QTI 2.2 and 3.0 content packages and a single 2.1 item, written by the 1EdTech specifications
// (test/fixtures/qti/; the packages are zipped here from their folders), through the same
// preview and import as the other formats (docs/features/question-bank.md "QTI").

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/qti');

const packageOf = qtiPackageOf;
const QTI22 = packageOf('qti22-package');
const QTI30 = packageOf('qti30-package');
const SINGLE = fs.readFileSync(path.join(FIXTURES, 'single-item-2p1.xml'));

describe('question import from QTI', () => {
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
    format: 'qti',
  });
  const imported = async () =>
    new Map(
      (
        await db()
          .selectFrom('questions')
          .selectAll()
          .where('external_source', '=', 'qti')
          .orderBy('id')
          .execute()
      ).map((row) => [row.external_id!, row]),
    );
  const summary = (result: QuestionImportPreview) =>
    result.rows.map((row) => [
      row.row,
      row.name,
      row.action,
      row.question.type,
      row.question.answer,
      row.question.score,
      row.problems.map((problem) => `${problem.code} ${problem.field}: ${problem.message}`),
    ]);
  const served = async (src: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: src,
      cookies: { [TOKEN_COOKIE]: admin.token! },
    });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  const imageSources = (html: string) =>
    [...html.matchAll(/<img[^>]* src="([^"]+)"/g)].map((match) => match[1]!);

  it('previews a QTI 2.2 package: what each item becomes, the hotspot item named, nothing written', async () => {
    const before = await count();
    const result = expectOk(await preview(parts(QTI22, 'electrical-qti22.zip')));
    expect(result).toMatchObject({ total: 6, valid: 5, invalid: 1 });
    expect(summary(result)).toEqual([
      [1, 'EL-101 · Safe voltage', 'create', QuestionType.SINGLE, 'B', 2, []],
      [2, 'EL-102 · Insulators', 'create', QuestionType.MULTIPLE, 'AC', 3, []],
      [3, 'EL-103 · Unit of current', 'create', QuestionType.JUDGEMENT, 'T', 1, []],
      [
        4,
        'EL-104 · Units',
        'create',
        QuestionType.FILL_BLANK,
        'ohm / OHM / Ohm / Ω | V / volt / VOLT / Volt',
        3,
        [],
      ],
      [
        5,
        'EL-105 · Lock out',
        'create',
        QuestionType.SHORT_ANSWER,
        'Switch off, lock out, verify, earth.',
        5,
        [],
      ],
      [
        6,
        'EL-106 · Find the breaker',
        'create',
        null,
        '',
        1,
        ['unsupported type: a hotspot interaction: Kaoshi has no answers by clicking an image'],
      ],
    ]);
    expect(result.rows[0]!.question.stem).toBe(
      'Dry skin, normal conditions. Which voltage is a safe voltage?',
    );
    expect(await count()).toBe(before);
  });

  it('imports a QTI 2.2 package exactly (stem, options, keys, blanks, score, analysis, images) and a re-import updates', async () => {
    const before = await count();
    expect(applied(await apply(parts(QTI22, 'electrical-qti22.zip')))).toEqual({
      created: 5,
      updated: 0,
      skipped: 1,
      total: 6,
    });
    expect(await count()).toBe(before + 5);
    const rows = await imported();
    expect([...rows.keys()]).toEqual(['EL-101', 'EL-102', 'EL-103', 'EL-104', 'EL-105']);
    const choice = rows.get('EL-101')!;
    expect(choice).toMatchObject({
      type: QuestionType.SINGLE,
      content:
        '<p>Dry skin, <strong>normal</strong> conditions.</p><p>Which voltage is a safe voltage?</p>',
      analysis: '<p>36 V and below is safe for dry skin.</p>',
      score: 200,
      subject_id: s.subjectId,
      level: 5,
      course_id: s.courseId,
    });
    expect(JSON.parse(choice.options)).toEqual([
      { key: 'A', content: '220 V', correct: false },
      { key: 'B', content: '36 V', correct: true },
      { key: 'C', content: '380 V', correct: false },
    ]);

    const multiple = rows.get('EL-102')!;
    expect(multiple.score).toBe(300);
    const stemImages = imageSources(multiple.content);
    expect(stemImages).toHaveLength(1);
    expect(stemImages[0]).toMatch(new RegExp(`^${FILE_SERVE_PATH}[0-9a-f]{32}\\.png$`));
    expect((await served(stemImages[0]!)).equals(PNG)).toBe(true);
    const options = JSON.parse(multiple.options) as { content: string; correct: boolean }[];
    expect(options.map((option) => option.correct)).toEqual([true, false, true]);
    expect(options[2]!.content).toMatch(/^Glass <img[^>]* src="\/[^"]+\.png"/);
    expect((await served(imageSources(options[2]!.content)[0]!)).equals(PNG)).toBe(true);

    expect(rows.get('EL-103')).toMatchObject({
      type: QuestionType.JUDGEMENT,
      answer: 'T',
      content: '<p>电流的单位是安培。</p>',
    });
    const fill = rows.get('EL-104')!;
    expect(fill.content).toBe('<p>Resistance is measured in ____, voltage in ____.</p>');
    expect(JSON.parse(fill.blanks)).toEqual([
      ['ohm', 'OHM', 'Ohm', 'Ω'],
      ['V', 'volt', 'VOLT', 'Volt'],
    ]);
    expect(fill.score).toBe(300);
    expect(rows.get('EL-105')).toMatchObject({
      type: QuestionType.SHORT_ANSWER,
      content: '<p>Describe how to isolate a circuit before work.</p>',
      answer: '<p>Switch off, lock out, verify, earth.</p>',
      analysis: '<p>Isolation protects the worker.</p>',
      score: 500,
    });

    // The same package after an edit in the other tool: updated in place, none added.
    const edited = packageOf('qti22-package', (name, data) =>
      name === 'items/safe-voltage.xml'
        ? Buffer.from(
            data.toString('utf8').replace('Which voltage is a', 'Which voltage counts as a'),
          )
        : data,
    );
    const again = expectOk(await preview(parts(edited, 'electrical-qti22.zip')));
    expect(again.rows.slice(0, 5).map((row) => row.action)).toEqual(Array(5).fill('update'));
    const counted = await count();
    expect(applied(await apply(parts(edited, 'electrical-qti22.zip')))).toEqual({
      created: 0,
      updated: 5,
      skipped: 1,
      total: 6,
    });
    expect(await count()).toBe(counted);
    const after = await imported();
    expect(after.get('EL-101')!.id).toBe(choice.id);
    expect(after.get('EL-101')!.content).toMatch(/Which voltage counts as a safe voltage\?/);
  });

  it('reads a QTI 3.0 package in qti- names, naming the order, adaptive and PCI items', async () => {
    const result = expectOk(await preview(parts(QTI30, 'electrical-qti30.zip')));
    expect(result).toMatchObject({ total: 8, valid: 5, invalid: 3 });
    expect(summary(result)).toEqual([
      [1, 'EL-301 · 安全电压', 'create', QuestionType.SINGLE, 'B', 2.5, []],
      [2, 'EL-302 · Insulators', 'create', QuestionType.MULTIPLE, 'AC', 1, []],
      [3, 'EL-303 · Ohm', 'create', QuestionType.JUDGEMENT, 'F', 1, []],
      [
        4,
        'EL-304 · Units',
        'create',
        QuestionType.FILL_BLANK,
        'ampere / AMPERE / Ampere / A | W',
        2,
        [],
      ],
      [
        5,
        'EL-305 · Lock out',
        'create',
        QuestionType.SHORT_ANSWER,
        'Switch off, lock out, verify, earth.',
        4,
        [],
      ],
      [
        6,
        'EL-306 · Isolation order',
        'create',
        null,
        '',
        1,
        ['unsupported type: an order interaction: Kaoshi has no ordering type'],
      ],
      [
        7,
        'EL-307 · Step by step',
        'create',
        null,
        '',
        1,
        [
          'unsupported type: an adaptive item changes as the candidate answers: Kaoshi has no adaptive questions',
        ],
      ],
      [
        8,
        'EL-308 · Circuit builder',
        'create',
        null,
        '',
        1,
        [
          'unsupported type: a portable custom interaction (PCI) runs its own code: Kaoshi cannot run it',
        ],
      ],
    ]);

    expect(applied(await apply(parts(QTI30, 'electrical-qti30.zip')))).toMatchObject({
      created: 5,
      skipped: 3,
    });
    const rows = await imported();
    expect(rows.get('EL-301')).toMatchObject({
      content: '<p>下列哪个电压是安全电压？</p>',
      analysis: '<p>36 V 及以下为安全电压。</p>',
      score: 250,
    });
    const [image] = imageSources(rows.get('EL-302')!.content);
    expect((await served(image!)).equals(PNG)).toBe(true);
    expect(JSON.parse(rows.get('EL-304')!.blanks)).toEqual([
      ['ampere', 'AMPERE', 'Ampere', 'A'],
      ['W'],
    ]);
    expect(rows.get('EL-305')!.answer).toBe('<p>Switch off, lock out, verify, earth.</p>');
  });

  it('reads a single QTI 2.1 item file, chosen or found by its root element', async () => {
    const chosen = expectOk(await preview(parts(SINGLE, 'frequency.xml')));
    expect(summary(chosen)).toEqual([
      [1, 'EL-201 · Frequency', 'create', QuestionType.SINGLE, 'B', 1, []],
    ]);
    const byExtension = expectOk(await preview(parts(SINGLE, 'frequency.xml', null)));
    expect(summary(byExtension)).toEqual(summary(chosen));
  });

  it('refuses a package with a path leaving it, a broken item, a missing manifest, a bomb', async () => {
    const unsafe = zip([
      {
        name: 'imsmanifest.xml',
        data: fs.readFileSync(path.join(FIXTURES, 'qti22-package/imsmanifest.xml')),
      },
      { name: '../../etc/evil.xml', data: Buffer.from('<x/>') },
    ]);
    expectStatus(
      await preview(parts(unsafe, 'evil.zip')),
      10002,
      /^file: refused: the path "\.\.\/\.\.\/etc\/evil\.xml" in the package points outside it/,
    );
    const broken = packageOf('qti22-package', (name, data) =>
      name === 'items/units.xml'
        ? Buffer.from(data.toString('utf8').replace('</itemBody>', ''))
        : data,
    );
    expectStatus(
      await preview(parts(broken, 'broken.zip')),
      10002,
      /^file: items\/units\.xml is not well-formed XML \(line \d+, column \d+: .+\)/,
    );
    expectStatus(
      await preview(parts(zip([{ name: 'a.xml', data: SINGLE }]), 'no-manifest.zip')),
      10002,
      /^file: the \.zip holds no imsmanifest\.xml/,
    );
    const bomb = zip([
      { name: 'imsmanifest.xml', data: Buffer.alloc(101 * 1024 * 1024, 32), deflate: true },
    ]);
    expectStatus(
      await preview(parts(bomb, 'bomb.zip')),
      10002,
      /^file: refused: the \.zip unpacks to more than 100 MB/,
    );
    const lying = zip([
      {
        name: 'imsmanifest.xml',
        data: Buffer.alloc(3 * 1024 * 1024, 32),
        deflate: true,
        declaredSize: 10,
      },
    ]);
    // A header that understates a size is unpacked to that size only: the cut XML is refused.
    expectStatus(await preview(parts(lying, 'lying.zip')), 10002, /^file: imsmanifest\.xml /);
    expectStatus(
      await preview(parts(Buffer.from('<quiz></quiz>'), 'quiz.xml')),
      10002,
      /^file: quiz\.xml is not a QTI item: the root element is <quiz>/,
    );
  });
});
