import {
  ApiStatus,
  AuditStatus,
  Perm,
  type PaperView,
  type QuestionImportPaperPreview,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { PAPER_BASE } from '../paper/paper.routes.js';
import type { Part } from '../files/fixtures.js';
import { foreignImport, qtiPackageOf } from './foreign-import-test-data.js';
import { createStructure, type Structure } from './test-data.js';

// A QTI package's assessmentTest becomes a draft paper of the questions imported with it
// (docs/features/question-bank.md "QTI"): a 2.2 and a 3.0 test written by the specifications
// (test/fixtures/qti/qti22-package/test.xml, qti30-package/test.xml).

const QTI22 = qtiPackageOf('qti22-package');
const QTI30 = qtiPackageOf('qti30-package');

describe('QTI test import as a draft paper', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  const db = () => t.handle.db;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(db());
  });
  afterAll(() => t.close());

  const { parts, preview, apply, applied, setAuditStatus } = foreignImport(
    () => ({ t, admin, s }),
    { format: 'qti' },
  );
  const asking = (form: Part[], makePaper: string) => [
    { name: 'makePaper', value: makePaper },
    ...form,
  ];
  const paperCount = async () =>
    Number(
      (
        await db()
          .selectFrom('papers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const questionIds = async () =>
    new Map(
      (
        await db()
          .selectFrom('questions')
          .select(['id', 'external_id'])
          .where('external_source', '=', 'qti')
          .execute()
      ).map((row) => [row.external_id!, row.id]),
    );

  const QTI22_PAPER: QuestionImportPaperPreview = {
    title: 'Electrician level 5: safety',
    sections: [
      { title: 'Part one: choice', questionCount: 3, total: 9.5 },
      { title: 'Part two: written', questionCount: 2, total: 13 },
    ],
    questionCount: 5,
    total: 22.5,
    passScore: 13.5,
    durationMinutes: 60,
    notes: [
      'section "Part two: written" shuffles its items: the draft keeps them in the order written',
      'itemSessionControl maxAttempts="3" has no Kaoshi equivalent (one attempt per question): ignored',
      'item REF-106 is not imported (see its problems): left out of the paper',
    ],
    reimport: false,
  };

  it('previews a QTI 2.2 test as a paper (sections, weights × scores, what cannot map), writing nothing', async () => {
    const result = expectOk(await preview(parts(QTI22, 'electrical-qti22.zip')));
    expect(result).toMatchObject({ total: 6, valid: 5, invalid: 1 });
    expect(result.paper).toEqual(QTI22_PAPER);
    expect(await paperCount()).toBe(0);
  });

  it('imports a QTI 2.2 package with its test as a draft paper in one go; a re-import makes another only when asked', async () => {
    const result = applied(await apply(asking(parts(QTI22, 'electrical-qti22.zip'), 'true')));
    expect(result).toMatchObject({ created: 5, updated: 0, skipped: 1, total: 6 });
    expect(result.paperId).toEqual(expect.any(Number));
    const ids = await questionIds();
    const paper = expectOk(await admin.get<PaperView>(`${PAPER_BASE}/getPaper/${result.paperId}`));
    expect(paper).toMatchObject({
      name: 'Electrician level 5: safety',
      subjectId: s.subjectId,
      level: 5,
      mode: 'manual',
      auditStatus: null,
      passScore: 13.5,
      durationMinutes: 60,
    });
    expect(
      paper.sections.map((section) => ({
        title: section.title,
        description: section.description,
        total: section.total,
        questions: section.questions.map((q) => [q.questionId, q.score]),
      })),
    ).toEqual([
      {
        title: 'Part one: choice',
        description: 'Choose the right answers.',
        total: 9.5,
        questions: [
          [ids.get('EL-101'), 4],
          [ids.get('EL-102'), 4.5],
          [ids.get('EL-103'), 1],
        ],
      },
      {
        title: 'Part two: written',
        description: '',
        total: 13,
        questions: [
          [ids.get('EL-104'), 3],
          [ids.get('EL-105'), 10],
        ],
      },
    ]);

    // Its questions await review: the draft cannot be submitted until they are approved.
    expectStatus(
      await admin.post(`${PAPER_BASE}/submitPaper/${result.paperId}`),
      ApiStatus.CONFLICT,
      new RegExp(`question ${ids.get('EL-101')} is not approved`),
    );
    await setAuditStatus('qti', AuditStatus.PASSED);
    expectOk(await admin.post(`${PAPER_BASE}/submitPaper/${result.paperId}`));

    // Again: the preview says so, the questions are updated and no paper is made unless asked.
    const again = expectOk(await preview(parts(QTI22, 'electrical-qti22.zip')));
    expect(again.paper).toEqual({ ...QTI22_PAPER, reimport: true });
    const second = applied(await apply(parts(QTI22, 'electrical-qti22.zip')));
    expect(second).toEqual({ created: 0, updated: 5, skipped: 1, total: 6 });
    expect(await paperCount()).toBe(1);
    const third = applied(await apply(asking(parts(QTI22, 'electrical-qti22.zip'), 'true')));
    expect(third.paperId).toBeGreaterThan(result.paperId!);
    expect(await paperCount()).toBe(2);
    expect(await questionIds()).toEqual(ids);
  });

  it('reads a QTI 3.0 test: nested section joined, selection kept whole, the order item left out', async () => {
    const result = expectOk(await preview(parts(QTI30, 'electrical-qti30.zip')));
    expect(result.paper).toEqual({
      title: 'Electrical basics',
      sections: [
        { title: 'Choices', questionCount: 3, total: 7 },
        { title: 'Written', questionCount: 2, total: 4 },
      ],
      questionCount: 5,
      total: 11,
      passScore: 6.6,
      durationMinutes: 30,
      notes: [
        'section "Pictures" inside another: its items join the outer part',
        'section "Written" selects 2 items at random: the draft holds all of them',
        'item EL-306 is not imported (see its problems): left out of the paper',
      ],
      reimport: false,
    });
    const before = await paperCount();
    const done = applied(await apply(asking(parts(QTI30, 'electrical-qti30.zip'), 'true')));
    expect(await paperCount()).toBe(before + 1);
    const ids = await questionIds();
    const paper = expectOk(await admin.get<PaperView>(`${PAPER_BASE}/getPaper/${done.paperId}`));
    expect(paper.sections.map((section) => section.description)).toEqual(['One answer each.', '']);
    expect(
      paper.sections.flatMap((section) => section.questions.map((q) => [q.questionId, q.score])),
    ).toEqual([
      [ids.get('EL-301'), 5],
      [ids.get('EL-303'), 1],
      [ids.get('EL-302'), 1],
      [ids.get('EL-304'), 2],
      [ids.get('EL-305'), 2],
    ]);
  });

  it('skips the paper for a user without the paper permission or role SUPER, and refuses a bad makePaper', async () => {
    const writer = (await signedInTeacher(t.app, admin, [Perm.QUESTION])).client;
    const form = parts(QTI22, 'electrical-qti22.zip');
    const result = expectOk(await preview(form, writer));
    expect(result.paper).toMatchObject({
      title: 'Electrician level 5: safety',
      skipped: 'permission',
    });
    // The paper key without role SUPER is not enough either (the paper routes ask both).
    const keyOnly = (await signedInTeacher(t.app, admin, [Perm.QUESTION, Perm.PAPER])).client;
    expect(expectOk(await preview(form, keyOnly)).paper?.skipped).toBe('permission');
    const before = await paperCount();
    const done = applied(await apply(asking(form, 'true'), writer));
    expect(done).toEqual({ created: 0, updated: 5, skipped: 1, total: 6 });
    expect(await paperCount()).toBe(before);
    const refused = await apply(asking(form, 'yes'));
    expectStatus(refused, ApiStatus.INVALID_INPUT, /must be one of true, false/);
  });
});
