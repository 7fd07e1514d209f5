import {
  ApiStatus,
  type ItemScoreAck,
  type MySessionView,
  type MySheetView,
  type SkillTimerView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import {
  CHECK,
  ITEM,
  SCORING,
  scoreAndSign,
  scores,
  skillsWorld,
  type SkillsWorld,
} from './scoring-test-data.js';

describe("skills scoring: the examiner's sheet", () => {
  let t: TestApp;
  let admin: Client;
  let w: SkillsWorld;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await skillsWorld(t, admin, { candidates: 8 });
  });
  afterAll(() => t.close());

  const sheet = (client: Client, id: number) =>
    client.get<MySheetView>(`${SCORING}/getMySheet/${id}`);
  const save = (client: Client, candidateId: number, list: unknown[]) =>
    client.post<{ acks: ItemScoreAck[] }>(`${SCORING}/saveItemScores`, {
      candidateId,
      scores: list,
    });
  const candidateRow = (id: number) =>
    t.handle.db
      .selectFrom('skill_candidates')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const logOf = (id: number) =>
    t.handle.db
      .selectFrom('skill_score_log')
      .selectAll()
      .where('candidate_id', '=', id)
      .orderBy('id')
      .execute();

  it('lists my sessions with my station’s candidates only', async () => {
    const [e1] = w.examiners;
    const sessions = expectOk(await e1!.client.get<MySessionView[]>(`${SCORING}/listMySessions`));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.stations.map((s) => s.station)).toEqual([1]);
    const listed = sessions[0]!.stations[0]!.candidates;
    expect(listed.map((c) => c.id)).toEqual(w.candidates);
    expect(listed[0]).toMatchObject({
      presence: 'pending',
      state: 'scoring',
      mySheetSigned: false,
    });
    expect(listed[0]!.ticketNumber).toMatch(/^S-/);
    const theirs = expectOk(await w.other.client.get<MySessionView[]>(`${SCORING}/listMySessions`));
    expect(
      theirs.flatMap((s) => s.stations.flatMap((st) => st.candidates.map((c) => c.id))).sort(),
    ).toEqual([w.otherStation, w.otherSession].sort());
  });

  it('totals award and deduct items, takes the mean of two examiners and rounds it to the step', async () => {
    const id = w.candidates[0]!;
    const [e1, e2] = w.examiners;
    // 35 + 25 + (30 − 5) = 85
    const first = await scoreAndSign(e1!, id, { award40: 35, award30: 25, deduct30: 5 });
    expect(first.mine).toMatchObject({ total: 85, vetoHit: false });
    // The second examiner sees neither the first's scores nor total before signing.
    const seen = expectOk(await sheet(e2!.client, id));
    expect(seen.mine.scores).toEqual([]);
    expect(seen.candidate).toMatchObject({ state: 'scoring', finalScore: null });
    expect(JSON.stringify(seen)).not.toContain('"total":85');
    // 30 + 23.5 + (30 − 5) = 78.5; mean 81.75 → 82
    const second = await scoreAndSign(e2!, id, { award40: 30, award30: 23.5, deduct30: 5 });
    expect(second.mine.total).toBe(78.5);
    const row = await candidateRow(id);
    expect(row).toMatchObject({ state: 'agreed', final_score: 8200, final_veto: 0 });
    const mine = expectOk(await sheet(e1!.client, id));
    expect(mine.candidate).toMatchObject({ state: 'agreed', finalScore: 82 });
    expect(mine.mine.scores.map((s) => s.itemId)).toEqual([
      ITEM.award40,
      ITEM.award30,
      ITEM.deduct30,
    ]);
  });

  it('scores 0 when the veto is hit, whatever else', async () => {
    const id = w.candidates[1]!;
    const [e1, e2] = w.examiners;
    const a = await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 }, true);
    expect(a.mine).toMatchObject({ total: 0, vetoHit: true });
    await scoreAndSign(e2!, id, { award40: 38, award30: 30, deduct30: 0 }, true);
    expect(await candidateRow(id)).toMatchObject({
      state: 'agreed',
      final_score: 0,
      final_veto: 1,
    });
  });

  it('sends examiners who disagree on a veto to the chief examiner', async () => {
    const id = w.candidates[2]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 }, true);
    await scoreAndSign(e2!, id, { award40: 40, award30: 30, deduct30: 0 });
    expect(await candidateRow(id)).toMatchObject({ state: 'disputed', final_score: null });
  });

  it('sends totals further apart than the tolerance to the chief examiner', async () => {
    const id = w.candidates[3]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 }); // 100
    await scoreAndSign(e2!, id, { award40: 30, award30: 30, deduct30: 0.01 }); // 89.99
    expect(await candidateRow(id)).toMatchObject({ state: 'disputed', final_score: null });
  });

  it('deducts overtime by the started minute and stops counting at the stop minutes', async () => {
    const id = w.candidates[4]!;
    const [e1, e2] = w.examiners;
    const started = expectOk(
      await e1!.client.post<SkillTimerView>(`${SCORING}/startTimer`, { candidateId: id }),
    );
    expect(started.startedAt).not.toBeNull();
    // A second start changes nothing.
    const again = expectOk(
      await e1!.client.post<SkillTimerView>(`${SCORING}/startTimer`, { candidateId: id }),
    );
    expect(again.startedAt).toBe(started.startedAt);
    // 64.5 minutes ago: 4.5 over the 60-minute limit → 5 started minutes → 5 points.
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await t.handle.db
      .updateTable('skill_scorings')
      .set({ started_at: ago(64.5) })
      .where('candidate_id', '=', id)
      .where('examiner_id', '=', e1!.id)
      .execute();
    const stopped = expectOk(
      await e1!.client.post<SkillTimerView>(`${SCORING}/stopTimer`, { candidateId: id }),
    );
    expect(stopped.overtimeMinutes).toBe(5);
    const a = await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 });
    expect(a.mine.total).toBe(95);
    // Stopping without a start is refused; 85.5 minutes ago: 25.5 over, counted up to the stop (10).
    expectStatus(
      await e2!.client.post(`${SCORING}/stopTimer`, { candidateId: id }),
      ApiStatus.CONFLICT,
      /not been started/,
    );
    expectOk(await e2!.client.post(`${SCORING}/startTimer`, { candidateId: id }));
    await t.handle.db
      .updateTable('skill_scorings')
      .set({ started_at: ago(85.5) })
      .where('candidate_id', '=', id)
      .where('examiner_id', '=', e2!.id)
      .execute();
    // Signing stops a running stopwatch.
    const b = await scoreAndSign(e2!, id, { award40: 40, award30: 30, deduct30: 0 });
    expect(b.mine.total).toBe(90);
    const log = await logOf(id);
    expect(log.filter((r) => r.action === 'timerStart')).toHaveLength(2);
    expect(log.filter((r) => r.action === 'timerStop').map((r) => JSON.parse(r.detail))).toEqual([
      { overtimeMinutes: 5 },
      { overtimeMinutes: 10 },
    ]);
    expect(await candidateRow(id)).toMatchObject({ state: 'agreed', final_score: 9300 }); // 92.5 → 93
  });

  it('applies a save once: the same seq again, or a lower one after a higher, changes nothing', async () => {
    const id = w.candidates[5]!;
    const [e1] = w.examiners;
    const first = expectOk(await save(e1!.client, id, scores({ [ITEM.award40]: 10 }, 2)));
    expect(first.acks).toEqual([{ itemId: ITEM.award40, seq: 2, ok: true }]);
    const same = expectOk(await save(e1!.client, id, scores({ [ITEM.award40]: 20 }, 2)));
    expect(same.acks).toEqual(first.acks);
    const lower = expectOk(await save(e1!.client, id, scores({ [ITEM.award40]: 30 }, 1)));
    expect(lower.acks).toEqual([{ itemId: ITEM.award40, seq: 1, ok: true }]);
    const seen = expectOk(await sheet(e1!.client, id));
    expect(seen.mine.scores).toEqual([
      { itemId: ITEM.award40, points: 10, vetoHit: false, note: '', seq: 2 },
    ]);
    expectOk(await save(e1!.client, id, scores({ [ITEM.award40]: 12.5 }, 3)));
    const log = (await logOf(id)).filter((r) => r.action === 'score');
    expect(log.map((r) => JSON.parse(r.detail).points)).toEqual([10, 12.5]);
    expect(log.every((r) => r.actor_id === e1!.id && r.item_id === ITEM.award40)).toBe(true);
  });

  it('refuses, item by item, points over the item, a veto on an ordinary item, an item not on the sheet; then an incomplete sheet', async () => {
    const id = w.candidates[6]!;
    const [e1] = w.examiners;
    const result = expectOk(
      await save(e1!.client, id, [
        { itemId: ITEM.award30, points: 30.5, vetoHit: false, note: '', seq: 1 },
        { itemId: ITEM.deduct30, points: 3, vetoHit: true, note: '', seq: 1 },
        { itemId: 999, points: 1, vetoHit: false, note: '', seq: 1 },
        { itemId: ITEM.award40, points: 40, vetoHit: false, note: '', seq: 1 },
      ]),
    );
    expect(result.acks.map((ack) => ack.ok)).toEqual([false, false, false, true]);
    const messages = result.acks.map((ack) => ('message' in ack ? ack.message : ''));
    expect(messages[0]).toMatch(/more than its 30/);
    expect(messages[1]).toMatch(/not a veto item/);
    expect(messages[2]).toMatch(/not on this sheet/);
    expect(result.acks[0]).toMatchObject({ code: ApiStatus.INVALID_INPUT });
    // In the request's language.
    const zh = await e1!.client.request<{ acks: { message?: string }[] }>({
      method: 'POST',
      url: `${SCORING}/saveItemScores`,
      headers: { 'accept-language': 'zh-CN' },
      payload: { candidateId: id, scores: scores({ 999: 1 }) },
    });
    expect(expectOk(zh).acks[0]!.message).toMatch(/不在本评分表中/);
    // Two decimals at most: the whole call is malformed.
    expectStatus(
      await save(e1!.client, id, scores({ [ITEM.award30]: 1.005 })),
      ApiStatus.INVALID_INPUT,
    );
    const seen = expectOk(await sheet(e1!.client, id));
    expect(seen.mine.scores.map((s) => s.itemId)).toEqual([ITEM.award40]);
    expectStatus(
      await e1!.client.post(`${SCORING}/signSheet/${id}`),
      ApiStatus.INVALID_INPUT,
      new RegExp(`${ITEM.award30}, ${ITEM.deduct30}`),
    );
  });

  it("refuses another station's or session's candidate, and the chief's desk", async () => {
    const [e1] = w.examiners;
    for (const id of [w.otherStation, w.otherSession]) {
      expectStatus(await sheet(e1!.client, id), ApiStatus.NOT_FOUND);
      expectStatus(await save(e1!.client, id, scores({ [ITEM.award40]: 1 })), ApiStatus.NOT_FOUND);
      expectStatus(await e1!.client.post(`${SCORING}/signSheet/${id}`), ApiStatus.NOT_FOUND);
      expectStatus(
        await e1!.client.post(`${SCORING}/setPresence`, { candidateId: id, presence: 'checked' }),
        ApiStatus.NOT_FOUND,
      );
    }
    expectStatus(await sheet(w.other.client, w.candidates[0]!), ApiStatus.NOT_FOUND);
    // Another examiner's sheet is only on the chief's desk, which an examiner cannot open.
    expectStatus(
      await e1!.client.get(`${CHECK}/getCandidateSheets/${w.candidates[0]}`),
      ApiStatus.FORBIDDEN,
    );
  });

  it('refuses a save after signing; marks presence; refuses scoring an absent candidate', async () => {
    const [e1, e2] = w.examiners;
    const signed = w.candidates[0]!;
    // A resend of a save the signed sheet holds is acknowledged (its ack may have been lost).
    expectOk(await save(e1!.client, signed, scores({ [ITEM.award40]: 35 }, 1)));
    expectStatus(
      await save(e1!.client, signed, scores({ [ITEM.award40]: 1 }, 9)),
      ApiStatus.CONFLICT,
      /is signed/,
    );
    expectStatus(
      await e1!.client.post(`${SCORING}/setPresence`, { candidateId: signed, presence: 'absent' }),
      ApiStatus.CONFLICT,
    );
    const id = w.candidates[7]!;
    expectOk(
      await e2!.client.post(`${SCORING}/setPresence`, { candidateId: id, presence: 'absent' }),
    );
    expect(await candidateRow(id)).toMatchObject({ presence: 'absent', presence_by: e2!.id });
    expectStatus(
      await save(e1!.client, id, scores({ [ITEM.award40]: 1 })),
      ApiStatus.CONFLICT,
      /absent/,
    );
    expectOk(
      await e1!.client.post(`${SCORING}/setPresence`, { candidateId: id, presence: 'checked' }),
    );
    expectOk(await save(e1!.client, id, scores({ [ITEM.award40]: 1 })));
    const actions = (await logOf(id)).map((r) => r.action);
    expect(actions).toEqual(['presence', 'presence', 'score']);
  });
});

describe('skills scoring: three examiners', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  it('takes the mean of three totals', async () => {
    const w = await skillsWorld(t, admin, { examiners: 3, candidates: 1 });
    const id = w.candidates[0]!;
    const [e1, e2, e3] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 20 }); // 80
    await scoreAndSign(e2!, id, { award40: 40, award30: 30, deduct30: 19 }); // 81
    let row = await t.handle.db
      .selectFrom('skill_candidates')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('scoring');
    await scoreAndSign(e3!, id, { award40: 40, award30: 30, deduct30: 17 }); // 83; mean 81.33 → 81
    row = await t.handle.db
      .selectFrom('skill_candidates')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'agreed', final_score: 8100 });
  });
});
