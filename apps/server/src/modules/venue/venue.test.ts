import { ApiStatus, Perm, type ListResult, type RoomView, type VenueView } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { ExamWorld, signedInPublisher } from '../exam/test-data.js';
import { VENUE_BASE as BASE } from './venue.routes.js';

describe('venues and rooms', () => {
  const world = new ExamWorld();
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await world.build(t));
  });
  afterAll(() => t.close());

  const addVenue = async (name: string, address = '') =>
    expectOk(await admin.post<{ id: number }>(`${BASE}/addVenue`, { name, address })).id;
  const addRoom = async (venueId: number, name: string, seats = 30, ipAllowList: string[] = []) =>
    expectOk(
      await admin.post<{ id: number }>(`${BASE}/addRoom`, { venueId, name, seats, ipAllowList }),
    ).id;
  const roomsOf = async (venueId: number) =>
    expectOk(await admin.get<RoomView[]>(`${BASE}/listRoom`, { venueId: String(venueId) }));

  it('adds, lists, changes and deletes venues and their rooms', async () => {
    const id = await addVenue('North campus', '1 College Road');
    await addRoom(id, 'Room 101', 40, ['10.1.1.0/24', '10.1.1.0/24', '10.1.2.5']);
    await addRoom(id, 'Room 102', 30);
    const { list, total } = expectOk(
      await admin.get<ListResult<VenueView>>(`${BASE}/listVenue`, { keyword: 'north' }),
    );
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({ id, name: 'North campus', rooms: 2, seats: 70 });
    const rooms = await roomsOf(id);
    expect(rooms.map((room) => [room.name, room.seats, room.ipAllowList])).toEqual([
      ['Room 101', 40, ['10.1.1.0/24', '10.1.2.5']],
      ['Room 102', 30, []],
    ]);

    expectOk(await admin.put(`${BASE}/updateVenue`, { id, name: 'North', address: 'Road 2' }));
    expectOk(
      await admin.put(`${BASE}/updateRoom`, {
        id: rooms[1]!.id,
        name: 'Room 102B',
        seats: 35,
        ipAllowList: [],
        notes: 'Projector',
      }),
    );
    expect((await roomsOf(id))[1]).toMatchObject({
      name: 'Room 102B',
      seats: 35,
      notes: 'Projector',
    });

    expectOk(await admin.delete(`${BASE}/deleteRoom/${rooms[1]!.id}`));
    expect((await roomsOf(id)).map((room) => room.name)).toEqual(['Room 101']);
    expectOk(await admin.delete(`${BASE}/deleteVenue/${id}`));
    expectStatus(await admin.get(`${BASE}/listRoom`, { venueId: String(id) }), ApiStatus.NOT_FOUND);
  });

  it('refuses a missing or duplicate name, seats outside 1–500 and bad addresses, naming the field', async () => {
    const id = await addVenue('South campus');
    expectStatus(
      await admin.post(`${BASE}/addVenue`, { name: ' ' }),
      ApiStatus.INVALID_INPUT,
      /^name:/,
    );
    expectStatus(
      await admin.post(`${BASE}/addVenue`, { name: 'South campus' }),
      ApiStatus.CONFLICT,
      'name: a venue named "South campus" exists',
    );
    await addRoom(id, 'Lab 1');
    const room = (body: Record<string, unknown>) =>
      admin.post(`${BASE}/addRoom`, { venueId: id, name: 'Lab 2', seats: 30, ...body });
    expectStatus(await room({ name: '' }), ApiStatus.INVALID_INPUT, /^name:/);
    expectStatus(
      await room({ name: 'Lab 1' }),
      ApiStatus.CONFLICT,
      'name: this venue already has a room named "Lab 1"',
    );
    expectStatus(await room({ seats: 0 }), ApiStatus.INVALID_INPUT, /^seats:/);
    expectStatus(await room({ seats: 501 }), ApiStatus.INVALID_INPUT, /^seats:/);
    expectStatus(
      await room({ ipAllowList: ['10.0.0.300'] }),
      ApiStatus.INVALID_INPUT,
      /ipAllowList/,
    );
    expectStatus(await room({ venueId: 999999 }), ApiStatus.NOT_FOUND);
    expectOk(await room({ seats: 500 }));
    // The same room name in another venue is fine.
    const other = await addVenue('East campus');
    await addRoom(other, 'Lab 1');
    // In Chinese the refusal names the field in Chinese.
    const zh = await admin.request({
      method: 'POST',
      url: `${BASE}/addRoom`,
      payload: { venueId: id, name: 'Lab 3', seats: 600 },
      headers: { 'accept-language': 'zh' },
    });
    expectStatus(zh, ApiStatus.INVALID_INPUT);
    expect(zh.body.message).toMatch(/^座位数：/);
  });

  it('is for the exam publishing group: the key and role SUPER', async () => {
    const withoutSuper = await signedInPublisher(t, admin, false);
    expectStatus(await withoutSuper.client.get(`${BASE}/listVenue`), ApiStatus.FORBIDDEN);
    const otherKey = await signedInPublisher(t, admin, true, [Perm.PUBLISH_GROUP, Perm.PAPER]);
    expectStatus(await otherKey.client.get(`${BASE}/listVenue`), ApiStatus.FORBIDDEN);
    const publisher = await signedInPublisher(t, admin);
    expectOk(await publisher.client.get(`${BASE}/listVenue`));
  });
});
