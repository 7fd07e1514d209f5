import {
  ApiStatus,
  Perm,
  SKILLS_SCORING_BASE,
  SkillSocketEvent,
  SocketEvent,
  TOKEN_COOKIE,
  type ItemScoreAck,
  type SaveItemScoresAck,
} from '@kaoshi/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { emitAck, listenLocally } from '../../../test/sockets.js';
import {
  CHECK,
  ITEM,
  SCORING,
  scoreAndSign,
  scores,
  skillsWorld,
  type Person,
  type SkillsWorld,
} from './scoring-test-data.js';

describe("skills scoring over socket.io: the examiner's sheet saves as exam answers do", () => {
  let t: TestApp;
  let admin: Client;
  let w: SkillsWorld;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await skillsWorld(t, admin, { candidates: 6 });
    url = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  /** The examiner's page: the exam channel's socket, in the page's language. */
  const open = (person: Person, language = 'zh') => {
    const socket = connect(url, {
      path: '/api/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: `${TOKEN_COOKIE}=${person.client.token}` },
      auth: { language },
    });
    sockets.push(socket);
    return socket;
  };
  const save = (socket: Socket, candidateId: number, list: unknown[]) =>
    emitAck<SaveItemScoresAck>(socket, SkillSocketEvent.SAVE_ITEM_SCORES, {
      candidateId,
      scores: list,
    });
  const stored = (candidateId: number, examinerId: number) =>
    t.handle.db
      .selectFrom('skill_item_scores')
      .innerJoin('skill_scorings', 'skill_scorings.id', 'skill_item_scores.scoring_id')
      .select(['skill_item_scores.item_id', 'skill_item_scores.points', 'skill_item_scores.seq'])
      .where('skill_scorings.candidate_id', '=', candidateId)
      .where('skill_scorings.examiner_id', '=', examinerId)
      .orderBy('skill_item_scores.item_id')
      .execute();
  const logCount = async (candidateId: number) =>
    (
      await t.handle.db
        .selectFrom('skill_score_log')
        .select('id')
        .where('candidate_id', '=', candidateId)
        .execute()
    ).length;
  const refusal = (ack: SaveItemScoresAck) => {
    if (ack.ok) throw new Error(`expected a refusal, got ${JSON.stringify(ack)}`);
    return ack;
  };

  it('acknowledges a save after it is stored; a resend of that seq changes nothing; an older seq does not overwrite', async () => {
    const id = w.candidates[0]!;
    const e1 = w.examiners[0]!;
    const socket = open(e1);
    const first = await save(socket, id, scores({ [ITEM.award40]: 30, [ITEM.award30]: 20 }, 2));
    expect(first).toEqual({
      ok: true,
      acks: [
        { itemId: ITEM.award40, seq: 2, ok: true },
        { itemId: ITEM.award30, seq: 2, ok: true },
      ] satisfies ItemScoreAck[],
    });
    const afterFirst = [
      { item_id: ITEM.award40, points: 3000, seq: 2 },
      { item_id: ITEM.award30, points: 2000, seq: 2 },
    ];
    expect(await stored(id, e1.id)).toEqual(afterFirst);
    const logged = await logCount(id);

    // The ack was lost and the device resends seq 2 (with what it held then, or anything else).
    const resend = await save(socket, id, scores({ [ITEM.award40]: 11 }, 2));
    expect(resend).toEqual({ ok: true, acks: [{ itemId: ITEM.award40, seq: 2, ok: true }] });
    // An older change arriving late (seq 1) is acknowledged and dropped.
    const older = await save(socket, id, scores({ [ITEM.award30]: 5 }, 1));
    expect(older).toEqual({ ok: true, acks: [{ itemId: ITEM.award30, seq: 1, ok: true }] });
    expect(await stored(id, e1.id)).toEqual(afterFirst);
    expect(await logCount(id)).toBe(logged);

    // The same sheet over HTTP and the socket: one seq per item, whichever way it came.
    expectOk(
      await e1.client.post(`${SCORING}/saveItemScores`, {
        candidateId: id,
        scores: scores({ [ITEM.award40]: 35 }, 3),
      }),
    );
    expect(await save(socket, id, scores({ [ITEM.award40]: 12 }, 3))).toMatchObject({ ok: true });
    expect((await stored(id, e1.id))[0]).toEqual({ item_id: ITEM.award40, points: 3500, seq: 3 });
  });

  it('refuses another examiner’s candidate, in the language of the page, and stores nothing', async () => {
    const id = w.candidates[1]!;
    const zh = refusal(await save(open(w.other), id, scores({ [ITEM.award40]: 10 })));
    const en = refusal(await save(open(w.other, 'en'), id, scores({ [ITEM.award40]: 10 })));
    expect([zh.code, en.code]).toEqual([ApiStatus.NOT_FOUND, ApiStatus.NOT_FOUND]);
    expect(zh.message).toContain('技能考核考生');
    expect(en.message).toContain('Skills candidate');
    expect(await stored(id, w.other.id)).toEqual([]);
    // And an item that is not on the sheet is refused for itself, as over HTTP.
    const ack = await save(open(w.examiners[0]!, 'en'), id, scores({ 999: 1 }));
    expect(ack).toMatchObject({ ok: true, acks: [{ itemId: 999, ok: false }] });
  });

  it('refuses a change to a signed sheet, acknowledges its resend, and refuses after the checker signed', async () => {
    const id = w.candidates[2]!;
    const [e1, e2] = w.examiners;
    const socket = open(e1!, 'en');
    await scoreAndSign(e1!, id, { award40: 35, award30: 25, deduct30: 5 });
    // What the signed sheet holds (seq 1) is acknowledged alike; anything newer is refused.
    expect(await save(socket, id, scores({ [ITEM.award40]: 35 }, 1))).toMatchObject({ ok: true });
    const signed = refusal(await save(socket, id, scores({ [ITEM.award40]: 40 }, 2)));
    expect(signed.code).toBe(ApiStatus.CONFLICT);
    expect(signed.message).toMatch(/signed; only the chief examiner can reopen it/);

    await scoreAndSign(e2!, id, { award40: 35, award30: 25, deduct30: 5 });
    expectOk(await w.checker.client.post(`${CHECK}/checkCandidate/${id}`));
    const checked = refusal(await save(socket, id, scores({ [ITEM.award40]: 40 }, 3)));
    expect(checked.code).toBe(ApiStatus.CONFLICT);
    expect(checked.message).toMatch(/checked and signed/);
    expect((await stored(id, e1!.id))[0]).toMatchObject({ points: 3500, seq: 1 });
  });

  it('refuses a malformed save, and a connection of a user who may not score', async () => {
    // Named like the HTTP call's refusal: the field, and what is wrong with it.
    const bad = refusal(await save(open(w.examiners[0]!), w.candidates[3]!, []));
    expect(bad.code).toBe(ApiStatus.INVALID_INPUT);
    expect(bad.message).toMatch(/^各项评分：/);
    const english = refusal(await save(open(w.examiners[0]!, 'en'), w.candidates[3]!, []));
    expect(english.message).toMatch(/^Item scores: .*>=1/);
    const http = await w.examiners[0]!.client.request({
      method: 'POST',
      url: `${SKILLS_SCORING_BASE}/saveItemScores`,
      payload: { candidateId: w.candidates[3]!, scores: [] },
      headers: { 'accept-language': 'en' },
    });
    expect(english.message).toBe(http.body.message);
    // The checker holds SKILLS-SCORE through the chief's role: the row scope refuses instead.
    const notMine = refusal(
      await save(open(w.checker), w.candidates[3]!, scores({ [ITEM.award40]: 1 })),
    );
    expect(notMine.code).toBe(ApiStatus.NOT_FOUND);
    // A proctor's connection is admitted to the channel, not to scoring.
    const proctor = await signedInTeacher(t.app, admin, [Perm.PUBLISH]);
    const forbidden = refusal(
      await save(
        open({ id: proctor.id, client: proctor.client }),
        w.candidates[3]!,
        scores({ [ITEM.award40]: 1 }),
      ),
    );
    expect(forbidden.code).toBe(ApiStatus.FORBIDDEN);
    // A user holding neither the exam's keys nor SKILLS-SCORE is refused at the handshake.
    const viewer = await signedInTeacher(t.app, admin, [Perm.SKILLS]);
    const socket = open({ id: viewer.id, client: viewer.client });
    const refused = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(refused.message).toBe('没有权限');
    socket.disconnect();
  });

  it('cuts the socket of a session that signs out; its saves go nowhere after', async () => {
    const e2 = w.examiners[1]!;
    const socket = open(e2);
    expect(await save(socket, w.candidates[4]!, scores({ [ITEM.award40]: 10 }))).toMatchObject({
      ok: true,
    });
    const told = new Promise<void>((resolve) =>
      socket.once(SocketEvent.SESSION_ENDED, () => resolve()),
    );
    const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expectOk(await e2.client.get('/api/kaoshi-user/user/logout'));
    await told;
    expect(await cut).toBe('io server disconnect');
    const refused = new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.connect();
    expect((await refused).message).toMatch(/Not signed in|未登录/);
    expectStatus(
      await e2.client.post(`${SCORING}/saveItemScores`, {
        candidateId: w.candidates[4]!,
        scores: scores({ [ITEM.award40]: 20 }, 2),
      }),
      ApiStatus.NO_SESSION,
    );
    expect((await stored(w.candidates[4]!, e2.id))[0]).toMatchObject({ points: 1000, seq: 1 });
  });
});
