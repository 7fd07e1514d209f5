import ExcelJS from 'exceljs';
import {
  ApiStatus,
  TOKEN_COOKIE,
  type SeatPlan,
  type SeatPlanImportPreview,
  type SeatPlanImportResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { maskIdNumber } from '../base/student.service.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { ExamWorld, inMinutes } from '../exam/test-data.js';
import { multipart } from '../files/fixtures.js';
import { VENUE_BASE as BASE } from './venue.routes.js';

/**
 * The seat plan as .xlsx on the exam tests' world: batch A (A-00001…5) and batch B (B-…1…3),
 * exported and read back cell by cell, edited and imported with its preview.
 */
describe('seat plan .xlsx', () => {
  const world = new ExamWorld({ teacher: true });
  let t: TestApp;
  let admin: Client;
  let small: number;
  let large: number;
  let spare: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await world.build(t));
    const venueId = expectOk(
      await admin.post<{ id: number }>(`${BASE}/addVenue`, { name: 'Xlsx centre', address: '' }),
    ).id;
    const room = async (name: string, seats: number) =>
      expectOk(await admin.post<{ id: number }>(`${BASE}/addRoom`, { venueId, name, seats })).id;
    small = await room('Room 1', 4);
    large = await room('Room 2', 10);
    spare = await room('Room 3', 30);
  });
  afterAll(() => t.close());

  /** An exam a day after the last one's (the tests' exams share rooms), planned in Room 1 and 2. */
  let day = 0;
  const plannedExam = async (fields: Parameters<typeof world.published>[0] = {}) => {
    const exam = await world.published(fields);
    day++;
    await world.setWindow(exam.id, inMinutes(1440 * day), inMinutes(1440 * day + 120));
    expectOk(
      await admin.post(`${BASE}/planSeats`, {
        examId: exam.id,
        roomIds: [small, large],
        mode: 'batches',
      }),
    );
    return exam.id;
  };

  const planOf = async (examId: number) =>
    expectOk(await admin.get<SeatPlan>(`${BASE}/getSeatPlan`, { examId: String(examId) }));
  const layout = (plan: SeatPlan) => [
    ...plan.rooms.map((room) => [
      room.roomName,
      room.candidates.map((c) => `${c.ticketNumber}@${c.seat}`),
    ]),
    ['-', plan.unseated.map((c) => c.ticketNumber)],
  ];

  const exported = async (examId: number, language: string, client = admin) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/exportSeatPlan`,
      query: { examId: String(examId) },
      cookies: { [TOKEN_COOKIE]: client.token! },
      headers: { 'accept-language': language },
    });
    return response;
  };
  const book = async (examId: number, language = 'en', client = admin) => {
    const response = await exported(examId, language, client);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    return workbook;
  };
  const values = (sheet: ExcelJS.Worksheet) =>
    sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
  const bytes = async (workbook: ExcelJS.Workbook) =>
    Buffer.from(await workbook.xlsx.writeBuffer());
  const send = <T>(
    call: 'previewSeatPlanImport' | 'importSeatPlan',
    examId: number,
    file: Buffer,
    language = 'en',
    client = admin,
  ) => {
    const form = multipart([{ name: 'file', value: file, filename: 'plan.xlsx' }]);
    return client.request<T>({
      method: 'POST',
      url: `${BASE}/${call}?examId=${examId}`,
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': language },
    });
  };
  const preview = (examId: number, file: Buffer, language = 'en', client = admin) =>
    send<SeatPlanImportPreview>('previewSeatPlanImport', examId, file, language, client);
  const apply = (examId: number, file: Buffer, language = 'en', client = admin) =>
    send<SeatPlanImportResult>('importSeatPlan', examId, file, language, client);
  /** The row of the plan sheet holding `ticket`. */
  const rowOf = (sheet: ExcelJS.Worksheet, ticket: string) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(4).value === ticket) found = row;
    });
    return found!;
  };

  it('exports the plan cell by cell in the user’s language, with a sheet of the rooms', async () => {
    const examId = await plannedExam();
    const plan = await planOf(examId);
    const people = await t.handle.db
      .selectFrom('students')
      .select(['ticket_number', 'id_number', 'name'])
      .where('id', 'in', [...world.studentsA, ...world.studentsB])
      .execute();
    const person = (ticket: string) => people.find((p) => p.ticket_number === ticket)!;
    const batchOf = (ticket: string) =>
      plan.rooms.flatMap((r) => r.candidates).find((c) => c.ticketNumber === ticket)!.className;
    const line = (room: string, seat: number, ticket: string) => [
      'Xlsx centre',
      room,
      seat,
      ticket,
      person(ticket).name,
      batchOf(ticket),
      maskIdNumber(person(ticket).id_number),
      // No session: the last cell stays empty (not read back).
    ];
    const zh = await book(examId, 'zh');
    expect(zh.worksheets.map((sheet) => sheet.name)).toEqual(['座位安排', '考场']);
    const rows = values(zh.worksheets[0]!);
    expect(rows[0]).toEqual([
      '考点',
      '考场',
      '座位号',
      '准考证号',
      '姓名',
      '报名批次',
      '证件号码',
      '场次',
    ]);
    expect(rows.slice(1)).toEqual([
      line('Room 1', 1, 'A-00001'),
      line('Room 1', 2, 'A-00002'),
      line('Room 1', 3, 'A-00003'),
      line('Room 1', 4, 'A-00004'),
      line('Room 2', 1, 'A-00005'),
      line('Room 2', 2, 'B-00001'),
      line('Room 2', 3, 'B-00002'),
      line('Room 2', 4, 'B-00003'),
    ]);
    // The masked ID keeps no more than its head.
    expect(String(rows[1]![6])).toMatch(/\*{4,}$/);
    const rooms = values(zh.worksheets[1]!);
    expect(rooms[0]).toEqual(['考点', '考场', '座位数']);
    expect(rooms.filter((r) => r[0] === 'Xlsx centre')).toEqual([
      ['Xlsx centre', 'Room 1', 4],
      ['Xlsx centre', 'Room 2', 10],
      ['Xlsx centre', 'Room 3', 30],
    ]);
    const en = await book(examId, 'en');
    expect(values(en.worksheets[0]!)[0]).toEqual([
      'Venue',
      'Room',
      'Seat',
      'Ticket number',
      'Name',
      'Batch',
      'ID number',
      'Session',
    ]);

    // The teacher holding batch A only exports batch A's rows.
    const mine = values((await book(examId, 'en', world.teacher.client)).worksheets[0]!);
    expect(mine.slice(1).map((r) => r[3])).toEqual([
      'A-00001',
      'A-00002',
      'A-00003',
      'A-00004',
      'A-00005',
    ]);
  });

  it('imports an edited export: a swap, a new room, one out of every room; the preview lists the moves', async () => {
    const examId = await plannedExam();
    const workbook = await book(examId);
    const sheet = workbook.worksheets[0]!;
    rowOf(sheet, 'A-00001').getCell(3).value = 2;
    rowOf(sheet, 'A-00002').getCell(3).value = 1;
    const b3 = rowOf(sheet, 'B-00003');
    b3.getCell(2).value = 'Room 3';
    b3.getCell(3).value = 7;
    const b2 = rowOf(sheet, 'B-00002');
    for (const cell of [1, 2, 3]) b2.getCell(cell).value = null;
    // A-00005 is left out of the file: it stays where it is.
    sheet.spliceRows(rowOf(sheet, 'A-00005').number, 1);
    const file = await bytes(workbook);

    const checked = expectOk(await preview(examId, file));
    expect(checked.problems).toEqual([]);
    expect(checked).toMatchObject({ rows: 7, unchanged: 3, notInFile: 1, moreProblems: 0 });
    expect(checked.moves.map((m) => [m.ticketNumber, m.from, m.to])).toEqual([
      ['A-00001', 'Xlsx centre Room 1 1', 'Xlsx centre Room 1 2'],
      ['A-00002', 'Xlsx centre Room 1 2', 'Xlsx centre Room 1 1'],
      ['B-00002', 'Xlsx centre Room 2 3', null],
      ['B-00003', 'Xlsx centre Room 2 4', 'Xlsx centre Room 3 7'],
    ]);
    // The preview wrote nothing.
    expect(layout(await planOf(examId))[0]).toEqual([
      'Room 1',
      ['A-00001@1', 'A-00002@2', 'A-00003@3', 'A-00004@4'],
    ]);

    expect(expectOk(await apply(examId, file))).toEqual({ moved: 4, unchanged: 3, notInFile: 1 });
    expect(layout(await planOf(examId))).toEqual([
      ['Room 1', ['A-00002@1', 'A-00001@2', 'A-00003@3', 'A-00004@4']],
      ['Room 2', ['A-00005@1', 'B-00001@2']],
      ['Room 3', ['B-00003@7']],
      ['-', ['B-00002']],
    ]);
    // Exported again: the candidate in no room comes last with the room empty.
    const again = values((await book(examId)).worksheets[0]!);
    expect(again.at(-1)!.slice(0, 4)).toEqual([undefined, undefined, undefined, 'B-00002']);
    const changes = expectOk(
      await admin.get<{ list: { action: string; detail: unknown }[] }>(
        `${EXAM_BASE}/listExamChange/${examId}`,
      ),
    );
    const record = JSON.stringify(changes);
    expect(record).toContain('importSeatPlan');
    expect(record).toMatch(/"moved":4/);
  });

  it('names every problem with its row and column, and writes nothing', async () => {
    const examId = await plannedExam();
    // Another published exam holds Room 3 at the same time.
    const other = await world.published();
    const exam = await world.getExam(examId);
    await world.setWindow(other.id, exam.startAt, exam.endAt);
    expectOk(
      await admin.post(`${BASE}/planSeats`, { examId: other.id, roomIds: [spare], mode: 'mixed' }),
    );
    const otherExam = await world.getExam(other.id);
    const before = layout(await planOf(examId));

    const workbook = await book(examId);
    const sheet = workbook.worksheets[0]!;
    rowOf(sheet, 'A-00001').getCell(2).value = 'Room 9'; // row 2: unknown room
    rowOf(sheet, 'A-00002').getCell(3).value = 11; // row 3: beyond Room 1's 4 seats
    rowOf(sheet, 'A-00003').getCell(3).value = 'three'; // row 4: not a seat number
    rowOf(sheet, 'A-00004').getCell(3).value = 3; // row 5: A-00003's seat, but A-00003 fails
    const a5 = rowOf(sheet, 'A-00005'); // row 6: Room 3, clashing with the other exam
    a5.getCell(2).value = 'Room 3';
    a5.getCell(3).value = 1;
    rowOf(sheet, 'B-00001').getCell(4).value = 'Z-404'; // row 7: unknown ticket
    rowOf(sheet, 'B-00002').getCell(3).value = null; // row 8: room without a seat
    const b3 = rowOf(sheet, 'B-00003'); // row 9: Room 2 seat 1, also given on row 10
    b3.getCell(3).value = 1;
    sheet.addRow(['Xlsx centre', 'Room 2', 2, 'A-00001']); // row 10: A-00001 twice
    sheet.addRow(['Xlsx centre', 'Room 2', 1, 'B-00001']); // row 11: seat 1 given on row 9
    sheet.addRow(['Xlsx centre', 'Room 1', 4, { formula: '1+1' }]); // row 12: a formula
    const file = await bytes(workbook);

    const checked = expectOk(await preview(examId, file));
    expect(checked.moves).toEqual([]);
    expect(checked.problems.map((p) => `${p.row} ${p.column} ${p.header}: ${p.message}`)).toEqual([
      '2 B Room: there is no room "Room 9" in venue "Xlsx centre"',
      '3 C Seat: room "Room 1" has 4 seats',
      '4 C Seat: "three" is not a seat number (a whole number from 1)',
      `5 C Seat: seat 3 of room "Room 1" is taken by ${(await planOf(examId)).rooms[0]!.candidates[2]!.name} (A-00003)`,
      `6 B Room: room "Room 3" is used at the same time by exam “${otherExam.name}” (${otherExam.startAt} to ${otherExam.endAt})`,
      '7 D Ticket number: no candidate of this exam has ticket number "Z-404"',
      '8 C Seat: give the venue, the room and the seat together, or leave all three empty (no room)',
      '10 D Ticket number: ticket number "A-00001" is also on row 2',
      '11 C Seat: seat 1 of room "Room 2" is also given to B-00003 on row 9',
      '12 D Ticket number: a cell that cannot be read (a formula, markup or another kind)',
    ]);
    const zh = expectOk(await preview(examId, file, 'zh'));
    expect(zh.problems[0]).toMatchObject({ row: 2, column: 'B', header: '考场' });
    expect(zh.problems[0]!.message).toBe('考点“Xlsx centre”中没有考场“Room 9”');

    const refused = await apply(examId, file);
    expectStatus(refused, ApiStatus.INVALID_INPUT, /^file: the seat plan file has problems/);
    expect(refused.body.message).toMatch(/row 2, column B \(Room\): there is no room "Room 9"/);
    expect(refused.body.message).toMatch(/row 11, column C \(Seat\): seat 1 of room "Room 2"/);
    expect(layout(await planOf(examId))).toEqual(before);
  });

  it('refuses a file without the headers, and any change once a candidate has started', async () => {
    const examId = await plannedExam();
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('x').addRow(['Who', 'Where']);
    empty.worksheets[0]!.addRow(['a', 'b']);
    expectStatus(
      await preview(examId, await bytes(empty)),
      ApiStatus.INVALID_INPUT,
      /^file:.*Venue, Room, Seat, Ticket number/,
    );
    const file = await bytes(await book(examId));
    await world.startAttempt(examId, world.studentsB[0]!);
    expectStatus(await preview(examId, file), ApiStatus.CONFLICT, /1 candidate\(s\) have started/);
    expectStatus(await apply(examId, file), ApiStatus.CONFLICT, /have started/);
  });

  it('reaches the plan through its exam: another’s exam not found, a shared one not changed', async () => {
    const { client } = world.teacher;
    const foreign = await plannedExam({ classIds: [world.batchB] });
    const file = await bytes(await book(foreign));
    expect((await exported(foreign, 'en', client)).statusCode).toBe(404);
    expectStatus(await preview(foreign, file, 'en', client), ApiStatus.NOT_FOUND);
    expectStatus(await apply(foreign, file, 'en', client), ApiStatus.NOT_FOUND);
    // Batch A's teacher reads the plan of an exam of batches A and B, but may not change it.
    const shared = await plannedExam();
    const sharedFile = await bytes(await book(shared));
    expectStatus(await preview(shared, sharedFile, 'en', client), ApiStatus.FORBIDDEN);
    expectStatus(await apply(shared, sharedFile, 'en', client), ApiStatus.FORBIDDEN);
  });
});
