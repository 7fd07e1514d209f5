import { ApiStatus, TOKEN_COOKIE, type SheetPhotoView } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { PNG, multipart } from '../files/fixtures.js';
import {
  ITEM,
  SCORING,
  scoreAndSign,
  skillsWorld,
  type Person,
  type SkillsWorld,
} from './scoring-test-data.js';

describe('skills scoring: photos of the work piece on the examiner’s sheet', () => {
  let t: TestApp;
  let w: SkillsWorld;
  beforeAll(async () => {
    const built = await appWithAdmin();
    t = built.t;
    w = await skillsWorld(t, built.admin, { candidates: 2 });
  });
  afterAll(() => t.close());

  const upload = (
    examiner: Person,
    candidateId: number,
    {
      file = PNG,
      filename = 'piece.png',
      itemId,
    }: { file?: Buffer; filename?: string; itemId?: number } = {},
  ) => {
    const form = multipart([
      { name: 'candidateId', value: String(candidateId) },
      ...(itemId === undefined ? [] : [{ name: 'itemId', value: String(itemId) }]),
      { name: 'file', value: file, filename, contentType: 'image/png' },
    ]);
    return examiner.client.request<SheetPhotoView>({
      method: 'POST',
      url: `${SCORING}/uploadSheetPhoto`,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const list = (examiner: Person, candidateId: number) =>
    examiner.client.get<SheetPhotoView[]>(`${SCORING}/listSheetPhotos/${candidateId}`);

  it('keeps an examiner’s photos with their own sheet, served as uploads are, and removes them', async () => {
    const id = w.candidates[0]!;
    const [e1, e2] = w.examiners;
    const photo = expectOk(await upload(e1!, id, { itemId: ITEM.award40 }));
    expect(photo).toMatchObject({ itemId: ITEM.award40, originalName: 'piece.png' });
    expect(photo.url).toMatch(/^\/api\/kaoshi-files\/file\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({
      method: 'GET',
      url: photo.url,
      cookies: { [TOKEN_COOKIE]: e1!.client.token! },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(expectOk(await list(e1!, id)).map((p) => p.id)).toEqual([photo.id]);
    // The other examiner of the candidate sees none of them, and may not remove them.
    expect(expectOk(await list(e2!, id))).toEqual([]);
    expectStatus(
      await e2!.client.delete(`${SCORING}/deleteSheetPhoto/${photo.id}`),
      ApiStatus.NOT_FOUND,
    );
    const log = await t.handle.db
      .selectFrom('skill_score_log')
      .select('action')
      .where('candidate_id', '=', id)
      .execute();
    expect(log.map((l) => l.action)).toContain('photo');
    expectOk(await e1!.client.delete(`${SCORING}/deleteSheetPhoto/${photo.id}`));
    expect(expectOk(await list(e1!, id))).toEqual([]);
  });

  it('refuses another examiner’s candidate, a signed sheet, a file that is no image and an item not on the sheet', async () => {
    const id = w.candidates[1]!;
    const [e1] = w.examiners;
    const count = async () =>
      (await t.handle.db.selectFrom('skill_photos').select('id').execute()).length;
    // A refused photo leaves no stored file behind either.
    const stored = async () =>
      (await t.handle.db.selectFrom('uploads').select('id').execute()).length;
    const before = await count();
    const storedBefore = await stored();
    // Another station's examiner: the candidate is not theirs.
    expectStatus(await upload(w.other, id), ApiStatus.NOT_FOUND);
    expectStatus(await list(w.other, id), ApiStatus.NOT_FOUND);
    // Wrong type: by its name, and by its content.
    expectStatus(
      await upload(e1!, id, { filename: 'notes.pdf' }),
      ApiStatus.INVALID_INPUT,
      /\.pdf/,
    );
    expectStatus(
      await upload(e1!, id, { file: Buffer.from('not an image at all'), filename: 'x.png' }),
      ApiStatus.INVALID_INPUT,
    );
    expectStatus(await upload(e1!, id, { itemId: 999_999 }), ApiStatus.INVALID_INPUT, /999999/);
    expect(await count()).toBe(before);
    expect(await stored()).toBe(storedBefore);
    // Signed: frozen, no photo added or removed.
    const kept = expectOk(await upload(e1!, id));
    await scoreAndSign(e1!, id, { award40: 30, award30: 20, deduct30: 0 });
    expectStatus(await upload(e1!, id), ApiStatus.CONFLICT);
    expectStatus(
      await e1!.client.delete(`${SCORING}/deleteSheetPhoto/${kept.id}`),
      ApiStatus.CONFLICT,
    );
    expect(expectOk(await list(e1!, id)).map((p) => p.id)).toEqual([kept.id]);
  });
});
