import { MARKING_BASE } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, testDialect, type Client, type TestApp } from '../../../test/build-app.js';
import {
  certWorld,
  checkedSkillCandidate,
  closedTheoryExam,
  waitingLocks,
  type CertWorld,
} from '../../../test/certification.js';
import { expectOk } from '../../../test/factories.js';
import { inTransaction } from '../../db/database.js';
import { SkillsComponentResults } from './component-results.js';

/**
 * The theory release and the checker's signature of one student at the same moment: each
 * transaction must see the other's part, or neither issues the certificate (PostgreSQL reads
 * only what is committed). Certification takes the scheme's row lock before writing a result.
 */
describe('certification: the last two parts becoming final at once', () => {
  let t: TestApp;
  let admin: Client;
  let w: CertWorld;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await certWorld(t.handle.db, 1);
  });
  afterAll(() => t.close());

  it('issues the certificate when the release runs while the checker signs', async () => {
    const db = t.handle.db;
    const [student] = w.studentIds as [number];
    const examId = await closedTheoryExam(t, admin, w, { [student]: 150 });
    const candidateId = await checkedSkillCandidate(db, {
      subjectId: w.subjectId,
      classId: w.classId,
      studentId: student,
      componentId: w.skillsId,
      finalScore: 8000,
    });

    let signed = false;
    let letCommit!: () => void;
    const commitGate = new Promise<void>((resolve) => (letCommit = resolve));
    const signing = inTransaction(db, async (trx) => {
      await new SkillsComponentResults().skillsFinal(candidateId, trx);
      signed = true;
      await commitGate;
    });
    await expect.poll(() => signed).toBe(true);

    let released = false;
    const releasing = admin.post(`${MARKING_BASE}/releaseScores/${examId}`).finally(() => {
      released = true;
    });
    // PostgreSQL: the release either ran through or waits for the signature's lock. SQLite has
    // one writer: the release waits for the signature's transaction in any case.
    if (testDialect === 'postgres')
      await expect.poll(async () => released || (await waitingLocks(db)) > 0).toBe(true);
    letCommit();
    await signing;
    expectOk(await releasing);

    const certificates = await db
      .selectFrom('certificates')
      .select(['scheme_id'])
      .where('student_id', '=', student)
      .execute();
    expect(certificates).toEqual([{ scheme_id: w.schemeId }]);
  });
});
