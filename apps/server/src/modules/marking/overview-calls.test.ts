import {
  ApiStatus,
  MARKING_BASE as BASE,
  Perm,
  QuestionType,
  type KeyItemView,
  type MarkerOption,
  type MarkingProgressView,
  type ReleaseView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { assignBatches } from '../../../test/row-scope-fixture.js';
import { addPublishedExam, addStudents, closedWindow } from '../exam/test-data.js';
import { addFinishedAttempts } from './test-data.js';
import { paperAndBatch, oneMarkerPlan } from '../../../test/exams.js';

/** The three calls the marking overview reads: listMarkers, getRelease, listKeyItems. */
describe('marking overview calls', () => {
  let t: TestApp;
  let admin: Client;
  let paperId: number;
  let batch: number;
  let marker: { id: number; name: string; nickName: string; client: Client };
  let chief: Client;
  let outsider: { id: number; client: Client };
  const types = [
    QuestionType.SINGLE,
    QuestionType.SHORT_ANSWER,
    QuestionType.MULTIPLE,
    QuestionType.JUDGEMENT,
    QuestionType.FILL_BLANK,
  ];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    ({ paperId, batch } = await paperAndBatch(t.handle.db, {
      types,
      batchName: 'Overview calls',
    }));
    await addStudents(t.handle.db, batch, 2, { prefix: 'OC-' });
    const m = await signedInTeacher(t.app, admin, [Perm.MARKING]);
    marker = { id: m.id, name: m.name, nickName: `Nick ${m.name}`, client: m.client };
    const c = await signedInTeacher(t.app, admin, [Perm.MARKING, Perm.MARKING_ARBITRATE]);
    // The chief holds the batch (lib/access examAccess): exam-wide calls need every batch.
    await assignBatches(t, c.id, [batch]);
    chief = c.client;
    const o = await signedInTeacher(t.app, admin, [Perm.QUESTION]);
    outsider = { id: o.id, client: o.client };
  });
  afterAll(() => t.close());

  /** A published exam of the batch whose window has closed, with every candidate finished. */
  async function closedExam() {
    const id = await addPublishedExam(
      admin,
      t.handle.db,
      { paperId, classIds: [batch] },
      closedWindow(),
    );
    await addFinishedAttempts(t.handle.db, id, { markedItemIds: [], objective: 0 });
    return id;
  }

  it('listMarkers: enabled users holding MARKINGPAPERS, for a chief only; a keyword narrows', async () => {
    const list = (client: Client, keyword?: string) =>
      client.get<MarkerOption[]>(`${BASE}/listMarkers`, keyword === undefined ? {} : { keyword });
    expectStatus(await outsider.client.get(`${BASE}/listMarkers`), ApiStatus.FORBIDDEN);
    // A marker may not name markers.
    expectStatus(await list(marker.client), ApiStatus.FORBIDDEN);
    const all = expectOk(await list(chief));
    const ids = all.map((user) => user.id);
    expect(ids).toContain(marker.id);
    // The administrator (SUPER_ADMIN) is accepted by setMarkingPlan, so offered too.
    expect(ids).toContain(1);
    expect(ids).not.toContain(outsider.id);
    expect(all.find((user) => user.id === marker.id)).toEqual({
      id: marker.id,
      nickName: marker.nickName,
      name: marker.name,
    });
    // By sign-in name, in any case.
    expect(expectOk(await list(chief, marker.name.toUpperCase())).map((u) => u.id)).toEqual([
      marker.id,
    ]);
    expect(expectOk(await list(chief, 'no-such-user-anywhere'))).toEqual([]);
    const tooLong = await list(chief, 'x'.repeat(51));
    expectStatus(tooLong, ApiStatus.INVALID_INPUT);
    expect(tooLong.body.data).toEqual({ field: 'keyword' });
    // A disabled account is not offered.
    await t.handle.db.updateTable('users').set({ status: 0 }).where('id', '=', marker.id).execute();
    try {
      expect(expectOk(await list(chief, marker.name))).toEqual([]);
    } finally {
      await t.handle.db
        .updateTable('users')
        .set({ status: 1 })
        .where('id', '=', marker.id)
        .execute();
    }
  });

  it('getMarkingProgress lists an assigned marker with 0 marks before they mark', async () => {
    const examId = await closedExam();
    const view = expectOk(
      await chief.get<MarkingProgressView>(`${BASE}/getMarkingProgress/${examId}`),
    );
    const itemId = view.items[0]!.itemId;
    expect(view.items[0]!.markers).toEqual([]);
    // Each question carries its section's title, which the screens name it by (exam/test-data).
    expect(view.items.map((item) => item.sectionTitle)).toEqual(view.items.map(() => 'Part one'));
    expectOk(await chief.post(`${BASE}/setMarkingPlan`, oneMarkerPlan(examId, itemId, marker.id)));
    const planned = expectOk(
      await chief.get<MarkingProgressView>(`${BASE}/getMarkingProgress/${examId}`),
    );
    expect(planned.items.find((item) => item.itemId === itemId)!.markers).toEqual([
      { markerId: marker.id, name: marker.nickName, marks: 0 },
    ]);
  });

  it('getRelease: the state and history for the publisher, refused to others, a bad id named', async () => {
    const examId = await closedExam();
    const get = (client: Client, id: number | string) =>
      client.get<ReleaseView>(`${BASE}/getRelease/${id}`);
    expectStatus(await get(outsider.client, examId), ApiStatus.FORBIDDEN);
    expectStatus(await get(marker.client, examId), ApiStatus.FORBIDDEN);
    expectStatus(await get(admin, 'abc'), ApiStatus.INVALID_INPUT);
    const missing = await get(admin, 99_999_999);
    expectStatus(missing, ApiStatus.NOT_FOUND);
    expect(expectOk(await get(admin, examId))).toEqual({
      examId,
      releasedAt: null,
      history: [],
    });
    expectOk(await admin.post(`${BASE}/releaseScores/${examId}`));
    expectOk(await admin.post(`${BASE}/withdrawScores/${examId}`, { reason: 'A key was wrong' }));
    expectOk(await admin.post(`${BASE}/releaseScores/${examId}`));
    const view = expectOk(await get(admin, examId));
    expect(view.releasedAt).not.toBeNull();
    expect(view.history.map((h) => [h.action, h.reason, h.userId])).toEqual([
      ['release', '', 1],
      ['withdraw', 'A key was wrong', 1],
      ['release', '', 1],
    ]);
    expect(view.history.every((h) => h.userName.length > 0 && h.at.length > 0)).toBe(true);
  });

  it('listKeyItems: the objective questions numbered as the paper, the key in force and its corrections', async () => {
    const examId = await closedExam();
    const list = (client: Client, id: number | string) =>
      client.get<KeyItemView[]>(`${BASE}/listKeyItems/${id}`);
    expectStatus(await outsider.client.get(`${BASE}/listKeyItems/${examId}`), ApiStatus.FORBIDDEN);
    expectStatus(await list(marker.client, examId), ApiStatus.FORBIDDEN);
    expectStatus(await list(admin, '0'), ApiStatus.INVALID_INPUT);
    expectStatus(await list(admin, 99_999_999), ApiStatus.NOT_FOUND);
    const items = expectOk(await list(admin, examId));
    // The short answer (marked by people) has no key to correct: left out, numbers kept.
    expect(items.map((item) => [item.type, item.section, item.number])).toEqual([
      [QuestionType.SINGLE, 1, 1],
      [QuestionType.MULTIPLE, 1, 3],
      [QuestionType.JUDGEMENT, 1, 4],
      [QuestionType.FILL_BLANK, 1, 5],
    ]);
    const [single, multiple, judgement, fill] = items as [
      KeyItemView,
      KeyItemView,
      KeyItemView,
      KeyItemView,
    ];
    expect(single).toMatchObject({
      fullScore: 2,
      options: [
        { key: 'A', content: '<p>A</p>' },
        { key: 'B', content: '<p>B</p>' },
      ],
      key: { correctKeys: ['A'], answer: '', blanks: [] },
      corrections: [],
    });
    expect(single.content).toMatch(/^<p>Bank question \d+<\/p>$/);
    expect(single).not.toHaveProperty('analysis');
    expect(multiple.key.correctKeys).toEqual(['A', 'B']);
    expect(judgement.key).toEqual({ correctKeys: [], answer: 'T', blanks: [] });
    expect(fill).toMatchObject({ blankCount: 2, key: { blanks: [['ohm', 'Ω'], ['volt']] } });

    expectOk(
      await admin.post(`${BASE}/correctKey`, {
        examId,
        itemId: judgement.itemId,
        answer: 'F',
        reason: 'False after all',
      }),
    );
    expectOk(
      await admin.post(`${BASE}/correctKey`, {
        examId,
        itemId: fill.itemId,
        answer: [['ohm'], ['volt', 'V']],
        reason: 'V accepted',
      }),
    );
    const after = expectOk(await list(admin, examId));
    const judged = after.find((item) => item.itemId === judgement.itemId)!;
    expect(judged.key).toEqual({ correctKeys: [], answer: 'F', blanks: [] });
    expect(judged.corrections).toMatchObject([
      { key: { answer: 'F' }, reason: 'False after all', userId: 1, rescored: 0 },
    ]);
    expect(judged.corrections[0]!.userName.length).toBeGreaterThan(0);
    expect(after.find((item) => item.itemId === fill.itemId)!.key.blanks).toEqual([
      ['ohm'],
      ['volt', 'V'],
    ]);
    // Untouched questions keep the version's key.
    expect(after.find((item) => item.itemId === single.itemId)!.key.correctKeys).toEqual(['A']);
  });
});
