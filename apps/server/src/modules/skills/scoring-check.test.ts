import { ApiStatus, type CandidateSheetsView, type SkillCandidateView } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { CheckService } from './check.service.js';
import {
  CHECK,
  ITEM,
  SCORING,
  scoreAndSign,
  scores,
  skillsWorld,
  type SkillsWorld,
} from './scoring-test-data.js';

describe('skills scoring: the chief examiner and the score checker', () => {
  let t: TestApp;
  let admin: Client;
  let w: SkillsWorld;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await skillsWorld(t, admin, { candidates: 5 });
  });
  afterAll(() => t.close());

  const candidateRow = (id: number) =>
    t.handle.db
      .selectFrom('skill_candidates')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const actions = async (id: number) =>
    (
      await t.handle.db
        .selectFrom('skill_score_log')
        .select(['action', 'actor_id', 'at'])
        .where('candidate_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
  const check = (client: Client, id: number) =>
    client.post<CandidateSheetsView>(`${CHECK}/checkCandidate/${id}`);
  const decide = (client: Client, body: Record<string, unknown>) =>
    client.post<CandidateSheetsView>(`${CHECK}/decide`, body);

  it('settles a disagreement: the chief sees every sheet and decides with a reason; the checker signs', async () => {
    const id = w.candidates[0]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 }); // 100
    await scoreAndSign(e2!, id, { award40: 25, award30: 30, deduct30: 0 }); // 85
    const listed = expectOk(
      await w.chief.client.get<SkillCandidateView[]>(`${CHECK}/listCandidates/${w.assessmentId}`),
    );
    expect(listed.find((c) => c.id === id)).toMatchObject({ state: 'disputed', finalScore: null });
    const sheets = expectOk(
      await w.chief.client.get<CandidateSheetsView>(`${CHECK}/getCandidateSheets/${id}`),
    );
    expect(sheets.sheets.map((s) => [s.examinerId, s.total])).toEqual([
      [e1!.id, 100],
      [e2!.id, 85],
    ]);
    expect(sheets.tolerance).toBe(10);
    // The checker cannot sign a dispute, nor decide it; an examiner has no chief's desk.
    expectStatus(await check(w.checker.client, id), ApiStatus.CONFLICT, /not settled/);
    const decision = { candidateId: id, score: 92, veto: false, reason: 'Diameter measured again' };
    expectStatus(await decide(w.checker.client, decision), ApiStatus.FORBIDDEN, /not the chief/);
    expectStatus(await decide(e1!.client, decision), ApiStatus.FORBIDDEN);
    expectStatus(
      await decide(w.chief.client, { ...decision, reason: '' }),
      ApiStatus.INVALID_INPUT,
    );
    expectStatus(
      await decide(w.chief.client, { ...decision, score: 100.5 }),
      ApiStatus.INVALID_INPUT,
      /more than the full score/,
    );
    const decided = expectOk(await decide(w.chief.client, decision));
    expect(decided.candidate).toMatchObject({ state: 'decided', finalScore: 92 });
    expect(decided.decisionReason).toBe('Diameter measured again');
    expectStatus(await check(w.chief.client, id), ApiStatus.FORBIDDEN, /not the score checker/);
    const checked = expectOk(await check(w.checker.client, id));
    expect(checked.candidate.state).toBe('checked');
    expect(await candidateRow(id)).toMatchObject({
      state: 'checked',
      final_score: 9200,
      decided_by: w.chief.id,
      checked_by: w.checker.id,
    });
    // Checked: nothing changes any more, not even by the chief.
    expectStatus(await check(w.checker.client, id), ApiStatus.CONFLICT, /checked and signed/);
    expectStatus(await decide(w.chief.client, decision), ApiStatus.CONFLICT, /checked and signed/);
    // Nor is a sheet reopened: the certificate the check may have issued stays on this result.
    expectStatus(
      await w.chief.client.post(`${CHECK}/reopenSheet`, {
        scoringId: sheets.sheets[0]!.scoringId,
        reason: 'Second thoughts',
      }),
      ApiStatus.CONFLICT,
      /checked and signed/,
    );
    expectStatus(
      await e1!.client.post(`${SCORING}/saveItemScores`, {
        candidateId: id,
        scores: scores({ [ITEM.award40]: 1 }, 5),
      }),
      ApiStatus.CONFLICT,
      /checked and signed/,
    );
    expect(await actions(id)).toEqual([
      'score',
      'score',
      'score',
      'sign',
      'score',
      'score',
      'score',
      'sign',
      'disputed',
      'decide',
      'check',
    ]);
  });

  it('lets the checker sign an agreed candidate only, after rechecking the sums', async () => {
    const id = w.candidates[1]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 });
    expectStatus(await check(w.checker.client, id), ApiStatus.CONFLICT, /not settled/);
    await scoreAndSign(e2!, id, { award40: 35, award30: 30, deduct30: 0 });
    expect(await candidateRow(id)).toMatchObject({ state: 'agreed', final_score: 9800 }); // 97.5 → 98
    // A total that no longer adds up is refused (written behind the server's back).
    await t.handle.db
      .updateTable('skill_scorings')
      .set({ total: 9900 })
      .where('candidate_id', '=', id)
      .where('examiner_id', '=', e2!.id)
      .execute();
    expectStatus(await check(w.checker.client, id), ApiStatus.CONFLICT, /do not add up/);
    await t.handle.db
      .updateTable('skill_scorings')
      .set({ total: 9500 })
      .where('candidate_id', '=', id)
      .where('examiner_id', '=', e2!.id)
      .execute();
    expectStatus(
      await decide(w.chief.client, { candidateId: id, score: 90, veto: false, reason: 'x' }),
      ApiStatus.CONFLICT,
      /nothing for the chief/,
    );
    const checked = expectOk(await check(w.checker.client, id));
    expect(checked.candidate).toMatchObject({ state: 'checked', finalScore: 98 });
  });

  it('lets only the chief reopen a signed sheet, with a reason; the examiner then scores again', async () => {
    const id = w.candidates[2]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 }, true);
    await scoreAndSign(e2!, id, { award40: 40, award30: 30, deduct30: 0 });
    expect((await candidateRow(id)).state).toBe('disputed');
    const sheets = expectOk(
      await w.chief.client.get<CandidateSheetsView>(`${CHECK}/getCandidateSheets/${id}`),
    );
    const scoringId = sheets.sheets.find((s) => s.examinerId === e1!.id)!.scoringId!;
    const reopen = (client: Client, reason: string) =>
      client.post<CandidateSheetsView>(`${CHECK}/reopenSheet`, { scoringId, reason });
    expectStatus(await reopen(w.chief.client, '  '), ApiStatus.INVALID_INPUT);
    expectStatus(await reopen(w.checker.client, 'no'), ApiStatus.FORBIDDEN, /not the chief/);
    expectStatus(await reopen(e1!.client, 'no'), ApiStatus.FORBIDDEN);
    const reopened = expectOk(await reopen(w.chief.client, 'The veto was ticked by mistake'));
    expect(reopened.candidate.state).toBe('scoring');
    expect(reopened.sheets.find((s) => s.scoringId === scoringId)).toMatchObject({
      signedAt: null,
      reopenReason: 'The veto was ticked by mistake',
    });
    expectStatus(await reopen(w.chief.client, 'again'), ApiStatus.CONFLICT, /not signed/);
    // The examiner clears the veto (a higher seq) and signs again: now they agree.
    expectOk(
      await e1!.client.post(`${SCORING}/saveItemScores`, {
        candidateId: id,
        scores: [{ itemId: ITEM.veto, points: null, vetoHit: false, note: '', seq: 2 }],
      }),
    );
    expectOk(await e1!.client.post(`${SCORING}/signSheet/${id}`));
    expect(await candidateRow(id)).toMatchObject({
      state: 'agreed',
      final_score: 10000,
      final_veto: 0,
    });
    const log = await t.handle.db
      .selectFrom('skill_score_log')
      .selectAll()
      .where('candidate_id', '=', id)
      .where('action', 'in', ['reopen', 'veto'])
      .orderBy('id')
      .execute();
    expect(log.map((r) => [r.action, r.actor_id])).toEqual([
      ['veto', e1!.id],
      ['reopen', w.chief.id],
      ['veto', e1!.id],
    ]);
    expect(JSON.parse(log[1]!.detail)).toMatchObject({
      reason: 'The veto was ticked by mistake',
      examinerId: e1!.id,
    });
  });

  it('decides a veto dispute as a veto: 0', async () => {
    const id = w.candidates[3]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 }, true);
    await scoreAndSign(e2!, id, { award40: 40, award30: 30, deduct30: 0 });
    const decided = expectOk(
      await decide(w.chief.client, {
        candidateId: id,
        score: 70,
        veto: true,
        reason: 'Guard removed',
      }),
    );
    expect(decided.candidate).toMatchObject({ state: 'decided', finalScore: 0, finalVeto: true });
    expectOk(await check(w.checker.client, id));
  });

  it("refuses the chief's desk to a user who is neither chief nor checker of the assessment", async () => {
    const other = await skillsWorld(t, admin, { candidates: 1 });
    expectStatus(
      await other.chief.client.get(`${CHECK}/listCandidates/${w.assessmentId}`),
      ApiStatus.FORBIDDEN,
      /neither the chief examiner nor the score checker/,
    );
    expectStatus(
      await other.chief.client.get(`${CHECK}/getCandidateSheets/${w.candidates[0]}`),
      ApiStatus.FORBIDDEN,
    );
    expectStatus(await w.chief.client.get(`${CHECK}/listCandidates/999999`), ApiStatus.NOT_FOUND);
    const listed = expectOk(
      await w.checker.client.get<SkillCandidateView[]>(`${CHECK}/listCandidates/${w.assessmentId}`),
    );
    expect(listed).toHaveLength(w.candidates.length + 2);
  });

  it("makes the score final through the SkillsFinal port, in the checker's transaction", async () => {
    const id = w.candidates[4]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 });
    await scoreAndSign(e2!, id, { award40: 40, award30: 30, deduct30: 0 });
    const auth = { user: { id: w.checker.id } } as AuthContext;
    const failing = new CheckService(t.handle.db, {
      skillsFinal: () => Promise.reject(new Error('certification refused')),
    });
    await expect(failing.check(id, auth)).rejects.toThrow('certification refused');
    expect(await candidateRow(id)).toMatchObject({ state: 'agreed', checked_by: null });
    const seen: { candidateId: number; state: string }[] = [];
    const service = new CheckService(t.handle.db, {
      skillsFinal: async (candidateId, trx) => {
        const row = await trx
          .selectFrom('skill_candidates')
          .select('state')
          .where('id', '=', candidateId)
          .executeTakeFirstOrThrow();
        seen.push({ candidateId, state: row.state });
      },
    });
    await service.check(id, auth);
    expect(seen).toEqual([{ candidateId: id, state: 'checked' }]);
  });
});
