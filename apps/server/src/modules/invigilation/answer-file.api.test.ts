import {
  ATTEMPT_BASE,
  ApiStatus,
  INVIGILATION_BASE as BASE,
  Perm,
  UserType,
  sealAnswerFile,
  type AnswerFileAnswer,
  type AnswerFileResult,
  type AttemptView,
  type ConsoleRoom,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PASSWORD,
  createTestApp,
  login,
  type Client,
  type TestApp,
} from '../../../test/build-app.js';
import { addUser, createRole, expectOk, expectStatus } from '../../../test/factories.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';
import { addClass } from '../base/test-data.js';
import { ExamWorld } from '../exam/test-data.js';
import { VENUE_BASE } from '../venue/venue.routes.js';

const PASSWORD = 'answer-file-1';

/**
 * The encrypted answer file (docs/features/answer-file.md): made with the attempt's key as the
 * page makes it, uploaded by the invigilator of the candidate's room; applied once and only to
 * its attempt, refused when changed, by another room's invigilator, or for answers given after
 * the deadline; an attempt ended at its deadline scored again.
 */
describe('answer file', () => {
  const world = new ExamWorld({});
  let t: TestApp;
  let admin: Client;
  let invigilators: Client[];
  let userIds: number[];
  let venueId: number;
  let round = 0;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await world.build(t));
    venueId = expectOk(
      await admin.post<{ id: number }>(`${VENUE_BASE}/addVenue`, { name: 'Files', address: '' }),
    ).id;
    const role = await createRole(admin, { permissionKeys: [Perm.INVIGILATE] });
    const users = await Promise.all([1, 2].map(() => addUser(admin, { roleIds: [role.roleId] })));
    userIds = users.map((u) => u.id);
    invigilators = await Promise.all(
      users.map((u) => login(t.app, u.name, DEFAULT_PASSWORD, UserType.TEACHER)),
    );
  });
  afterAll(() => t.close());

  /** An open exam of two started candidates, one per room, an invigilator per room. */
  const startedExam = async () => {
    round += 1;
    const rooms: number[] = [];
    for (const n of [1, 2]) {
      rooms.push(
        expectOk(
          await admin.post<{ id: number }>(`${VENUE_BASE}/addRoom`, {
            venueId,
            name: `Files ${round}-${n}`,
            seats: 1,
            ipAllowList: [],
          }),
        ).id,
      );
    }
    const own = await addClass(t.handle.db, world.s.subjectId, { level: 5, name: `F${round}` });
    const tickets = await addSignableStudents(t.handle.db, own, 2, {
      prefix: `AF${round}-`,
      password: PASSWORD,
    });
    const examId = await publishOpenExam(admin, t.handle.db, {
      paperId: world.paperId,
      classIds: [own],
      name: `Files ${round}`,
    });
    expectOk(
      await admin.post(`${VENUE_BASE}/planSeats`, { examId, roomIds: rooms, mode: 'batches' }),
    );
    for (const [i, roomId] of rooms.entries()) {
      expectOk(
        await admin.put(`${VENUE_BASE}/setRoomInvigilators`, {
          examId,
          roomId,
          userIds: [userIds[i]],
        }),
      );
    }
    const students = await Promise.all(
      tickets.map((ticket) => login(t.app, ticket, PASSWORD, UserType.STUDENT)),
    );
    const views = await Promise.all(
      students.map(async (student) =>
        expectOk(
          await student.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, {
            examId,
            accessCode: '',
          }),
        ),
      ),
    );
    const studentIds = await Promise.all(
      rooms.map(async (roomId, i) => {
        const room = expectOk(
          await invigilators[i]!.get<ConsoleRoom>(`${BASE}/getRoom`, {
            examId: String(examId),
            roomId: String(roomId),
          }),
        );
        return room.candidates[0]!.studentId;
      }),
    );
    // The room's candidate is the one whose attempt the console shows.
    const byAttempt = async (view: AttemptView) => {
      const row = await t.handle.db
        .selectFrom('attempts')
        .select('student_id')
        .where('id', '=', view.attemptId)
        .executeTakeFirstOrThrow();
      return row.student_id;
    };
    const ordered = await Promise.all(views.map(byAttempt));
    const viewOf = (studentId: number) => views[ordered.indexOf(studentId)]!;
    return { examId, studentIds, views: studentIds.map(viewOf) };
  };

  /** An answer to the paper's first question (a true/false one). */
  const answerTo = (view: AttemptView, seq: number, at = new Date().toISOString()) => ({
    itemId: view.paper.sections[0]!.items[0]!.itemId,
    seq,
    value: seq % 2 === 0 ? 'T' : 'F',
    at,
  });
  const fileOf = (view: AttemptView, answers: AnswerFileAnswer[], key = view.answerFileKey) =>
    sealAnswerFile(key, {
      attemptId: view.attemptId,
      madeAt: new Date().toISOString(),
      answers,
      events: [{ type: 'paste', at: new Date().toISOString() }],
    });
  const upload = (client: Client, examId: number, studentId: number, content: string) =>
    client.post<AnswerFileResult>(`${BASE}/uploadAnswerFile`, {
      examId,
      studentId,
      fileName: 'T-1.kaoshi-answers',
      content,
    });
  const storedSeq = async (attemptId: number, itemId: string) =>
    (
      await t.handle.db
        .selectFrom('attempt_answers')
        .select('seq')
        .where('attempt_id', '=', attemptId)
        .where('item_id', '=', itemId)
        .executeTakeFirst()
    )?.seq;

  it('applies a file once, only to its own attempt, and records who uploaded it', async () => {
    const { examId, studentIds, views } = await startedExam();
    const [mine, other] = views as [AttemptView, AttemptView];
    expect(mine.answerFileKey).not.toBe(other.answerFileKey);
    const answer = answerTo(mine, 3);
    const file = await fileOf(mine, [answer]);

    const first = expectOk(await upload(invigilators[0]!, examId, studentIds[0]!, file));
    expect(first).toMatchObject({ attemptId: mine.attemptId, applied: 1, ignored: 0, events: 1 });
    expect(first.refused).toEqual([]);
    expect(await storedSeq(mine.attemptId, answer.itemId)).toBe(3);
    // Again: nothing new (the seq is not newer), the event not logged twice.
    const again = expectOk(await upload(invigilators[0]!, examId, studentIds[0]!, file));
    expect(again).toMatchObject({ applied: 0, ignored: 1, events: 0 });

    // The other candidate's file on this candidate's row: refused, naming the attempt.
    const theirs = await fileOf(other, [answerTo(other, 1)]);
    expectStatus(
      await upload(invigilators[0]!, examId, studentIds[0]!, theirs),
      ApiStatus.CONFLICT,
      new RegExp(`attempt ${other.attemptId}`),
    );
    const changes = await t.handle.db
      .selectFrom('exam_changes')
      .select(['user_id', 'detail'])
      .where('exam_id', '=', examId)
      .where('action', '=', 'answerFileUpload')
      .orderBy('id')
      .execute();
    expect(changes.map((c) => c.user_id)).toEqual([userIds[0], userIds[0]]);
    expect(JSON.parse(changes[0]!.detail)).toMatchObject({ applied: 1, ignored: 0 });
    const logged = await t.handle.db
      .selectFrom('attempt_events')
      .select('detail')
      .where('attempt_id', '=', mine.attemptId)
      .where('type', '=', 'paste')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('refuses a changed file, a forged key, and another room’s invigilator', async () => {
    const { examId, studentIds, views } = await startedExam();
    const mine = views[0]!;
    const file = await fileOf(mine, [answerTo(mine, 1)]);
    const envelope = JSON.parse(file) as { ciphertext: string };
    const flipped = envelope.ciphertext.startsWith('A') ? 'B' : 'A';
    const tampered = JSON.stringify({
      ...envelope,
      ciphertext: flipped + envelope.ciphertext.slice(1),
    });
    expectStatus(
      await upload(invigilators[0]!, examId, studentIds[0]!, tampered),
      ApiStatus.INVALID_INPUT,
      /^file: "T-1\.kaoshi-answers" failed its check/,
    );
    // Sealed for this attempt, but with a key of the forger's.
    const forged = await fileOf(mine, [answerTo(mine, 9)], Buffer.alloc(32, 7).toString('base64'));
    expectStatus(
      await upload(invigilators[0]!, examId, studentIds[0]!, forged),
      ApiStatus.INVALID_INPUT,
      /failed its check/,
    );
    expectStatus(
      await upload(invigilators[0]!, examId, studentIds[0]!, 'not a file'),
      ApiStatus.INVALID_INPUT,
      /not a Kaoshi answer file/,
    );
    // Room 2's invigilator on room 1's candidate: the room is not theirs.
    expectStatus(await upload(invigilators[1]!, examId, studentIds[0]!, file), ApiStatus.NOT_FOUND);
    expect(await storedSeq(mine.attemptId, answerTo(mine, 1).itemId)).toBeUndefined();
    // The publisher with every batch reaches it.
    expect(expectOk(await upload(admin, examId, studentIds[0]!, file)).applied).toBe(1);
  });

  it('after the deadline: answers given later refused, the ended attempt scored again', async () => {
    const { examId, studentIds, views } = await startedExam();
    const [mine, other] = views as [AttemptView, AttemptView];
    // The time ran out a minute ago while the machine was offline: the scheduler ends it.
    const deadline = new Date(Date.now() - 60_000).toISOString();
    await t.handle.db
      .updateTable('attempts')
      .set({ deadline })
      .where('id', 'in', [mine.attemptId, other.attemptId])
      .execute();
    const ended = async (attemptId: number) =>
      await t.handle.db
        .selectFrom('attempts')
        .select(['finished_at', 'finish_reason', 'objective_score', 'receipt_code'])
        .where('id', '=', attemptId)
        .executeTakeFirstOrThrow();
    await vi.waitFor(
      async () => expect((await ended(mine.attemptId)).finish_reason).toBe('deadline'),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    const before = await ended(mine.attemptId);
    const inTime = answerTo(mine, 2, new Date(Date.parse(deadline) - 30_000).toISOString());
    const items = mine.paper.sections.flatMap((section) => section.items);
    const late = {
      ...answerTo(mine, 1),
      itemId: items.find((i) => i.itemId !== inTime.itemId)!.itemId,
      value: '',
    };
    const result = expectOk(
      await upload(invigilators[0]!, examId, studentIds[0]!, await fileOf(mine, [inTime, late])),
    );
    expect(result).toMatchObject({ applied: 1, ignored: 0, rescored: true });
    expect(result.refused).toEqual([
      expect.objectContaining({ itemId: late.itemId, code: ApiStatus.TIME_UP }),
    ]);
    expect(result.refused[0]!.message).toMatch(/after the deadline/);
    expect(await storedSeq(mine.attemptId, inTime.itemId)).toBe(2);
    const after = await ended(mine.attemptId);
    expect(after.finished_at).toBe(before.finished_at);
    expect(after.receipt_code).not.toBe(before.receipt_code);
    const scores = await t.handle.db
      .selectFrom('attempt_answers')
      .select((eb) => eb.fn.sum<number>('score').as('total'))
      .where('attempt_id', '=', mine.attemptId)
      .executeTakeFirstOrThrow();
    expect(after.objective_score).toBe(Number(scores.total ?? 0));
    // Once more: nothing new, nothing scored again.
    const again = expectOk(
      await upload(invigilators[0]!, examId, studentIds[0]!, await fileOf(mine, [inTime])),
    );
    expect(again).toMatchObject({ applied: 0, ignored: 1, rescored: false });
  });

  it('refuses a file for an attempt the candidate handed in', async () => {
    const { examId, studentIds, views } = await startedExam();
    const mine = views[0]!;
    await t.handle.db
      .updateTable('attempts')
      .set({ finished_at: new Date().toISOString(), finish_reason: 'submitted' })
      .where('id', '=', mine.attemptId)
      .execute();
    expectStatus(
      await upload(
        invigilators[0]!,
        examId,
        studentIds[0]!,
        await fileOf(mine, [answerTo(mine, 1)]),
      ),
      ApiStatus.CONFLICT,
      /handed in or ended/,
    );
  });
});
