import { QuestionType, type QuestionView } from '@kaoshi/shared';
import { Migrator, type MigrationProvider } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { createStructure, putInPaper, type Structure } from '../src/modules/question/test-data.js';
import { QUESTION_BASE } from '../src/modules/question/question.routes.js';
import { freshDatabase, useAdminApp } from './build-app.js';
import { expectOk, expectStatus } from './factories.js';

/** docs/papers-storage.md: the tables migration 0005 makes, and the bank's in-use check on them. */
describe('papers storage (migration 0005)', () => {
  const t = useAdminApp();
  let s: Structure;
  beforeAll(async () => {
    s = await createStructure(t.handle.db);
  });

  const db = () => t.handle.db;
  const addQuestion = async () =>
    expectOk(
      await t.admin.post<QuestionView>(`${QUESTION_BASE}/addQuestion`, {
        type: QuestionType.JUDGEMENT,
        content: '<p>Copper conducts electricity.</p>',
        answer: 'T',
        score: 1,
        difficulty: 1,
        subjectId: s.subjectId,
        level: 5,
        courseId: s.courseId,
      }),
    );
  const usedInPapers = async (id: number) =>
    expectOk(await t.admin.get<QuestionView>(`${QUESTION_BASE}/getQuestion/${id}`)).usedInPapers;

  it('the bank counts the papers that hold a question and refuses to delete it (10004)', async () => {
    const question = await addQuestion();
    expect(await usedInPapers(question.id)).toBe(0);
    await putInPaper(db(), question.id);
    expect(await usedInPapers(question.id)).toBe(1);
    expectStatus(
      await t.admin.delete(`${QUESTION_BASE}/deleteQuestion/${question.id}`),
      10004,
      /used in 1 paper/,
    );
  });

  it('the database itself refuses to delete a question a paper holds', async () => {
    const question = await addQuestion();
    await putInPaper(db(), question.id);
    await expect(
      db().deleteFrom('questions').where('id', '=', question.id).execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it('deleting a paper removes its sections and questions, and frees the bank question', async () => {
    const question = await addQuestion();
    const paperId = await putInPaper(db(), question.id);
    await db().deleteFrom('papers').where('id', '=', paperId).execute();
    const left = await db()
      .selectFrom('paper_sections')
      .select('id')
      .where('paper_id', '=', paperId)
      .execute();
    expect(left).toEqual([]);
    expect(await usedInPapers(question.id)).toBe(0);
    expectOk(await t.admin.delete(`${QUESTION_BASE}/deleteQuestion/${question.id}`));
  });

  it('a question row of an unknown paper or section is refused', async () => {
    const question = await addQuestion();
    await expect(
      db()
        .insertInto('paper_questions')
        .values({
          paper_id: 999_999,
          section_id: 999_999,
          question_id: question.id,
          sort: 0,
          score: 100,
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it('a database at 0004 (the old paper_questions) upgrades to 0005, and 0005 goes down again', async () => {
    const fresh = await freshDatabase();
    const handle = openDatabase(fresh.database);
    try {
      const provider: MigrationProvider = { getMigrations: async () => migrations };
      const migrator = new Migrator({ db: handle.db, provider });
      const to0004 = await migrator.migrateTo('0004_question_bank');
      expect(to0004.error).toBeUndefined();
      const latest = await migrator.migrateToLatest();
      expect(latest.error).toBeUndefined();
      expect(latest.results?.map((result) => result.migrationName)).toContain('0005_papers');
      const tables = (await handle.db.introspection.getTables()).map((table) => table.name);
      expect(tables).toEqual(
        expect.arrayContaining(['papers', 'paper_sections', 'paper_questions']),
      );
      const columns = (await handle.db.introspection.getTables())
        .find((table) => table.name === 'paper_questions')!
        .columns.map((column) => column.name);
      expect(columns).toContain('section_id');
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await handle.db.destroy();
      await fresh.drop();
    }
  });
});
