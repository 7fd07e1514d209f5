// Rooms and a whole-exam pause for bench/exam-load.mjs (docs/benchmarks.md#exam-load): the
// candidates seated in rooms through the real planSeats call, and the exam paused by the proctor
// API during the start storm and resumed a few seconds later, with what the pages were told, what
// they saved while paused, what they re-sent after the resume and how far the deadlines moved.
import { count, ms, percentile, sleep } from './lib.mjs';

const VENUE = '/api/kaoshi-exam/venue';
const PROCTOR = '/api/kaoshi-exam/proctor';
/** packages/shared SEAT_PLAN_ROOMS_MAX: rooms one planSeats call takes. */
const SEAT_PLAN_ROOMS_MAX = 1000;
/** The save refusal of a paused attempt (packages/shared codes ATTEMPT_PAUSED). */
export const ATTEMPT_PAUSED = 10009;
/** A page told of the pause within this long counts as told in time (the aim). */
const TOLD_WITHIN_MS = 2000;
/** Pages whose deadline is read back against the pause record. */
const DEADLINE_SAMPLE = 50;

/**
 * The settings from the environment: rooms are seated when BENCH_ROOMS is set or the pause is on
 * (BENCH_PAUSE=1); without either the bench runs as before.
 */
export function roomsAndPauseSettings(examinees, startSeconds) {
  const pause = process.env.BENCH_PAUSE === '1';
  const seats = Number(process.env.BENCH_ROOM_SEATS ?? 40);
  const rooms =
    process.env.BENCH_ROOMS !== undefined
      ? Number(process.env.BENCH_ROOMS)
      : pause
        ? Math.ceil(examinees / seats)
        : 0;
  if (rooms > SEAT_PLAN_ROOMS_MAX) {
    throw new Error(
      `${rooms} rooms: planSeats takes at most ${SEAT_PLAN_ROOMS_MAX} rooms (SEAT_PLAN_ROOMS_MAX); set BENCH_ROOM_SEATS higher (e.g. ${Math.ceil(examinees / SEAT_PLAN_ROOMS_MAX)}) or BENCH_ROOMS lower`,
    );
  }
  return {
    rooms,
    seats,
    pause,
    pauseAtSeconds: Number(process.env.BENCH_PAUSE_AT_SECONDS ?? startSeconds / 2),
    pauseSeconds: Number(process.env.BENCH_PAUSE_SECONDS ?? 5),
  };
}

/** One venue of `rooms` rooms of `seats` seats, and every candidate seated by planSeats. */
export async function seatInRooms(call, db, { examId, rooms, seats, database }) {
  const begin = performance.now();
  const venue = await call(`${VENUE}/addVenue`, {
    method: 'POST',
    body: { name: 'Bench venue', address: 'Bench street 1' },
  });
  const roomIds = [];
  for (let r = 1; r <= rooms; r++) {
    const room = await call(`${VENUE}/addRoom`, {
      method: 'POST',
      body: { venueId: venue.id, name: `Room ${String(r).padStart(3, '0')}`, seats },
    });
    roomIds.push(room.id);
  }
  const added = performance.now();
  await call(`${VENUE}/planSeats`, {
    method: 'POST',
    body: { examId, roomIds, mode: 'batches', gap: false },
  });
  const planned = performance.now();
  const [seated] = await db.query(
    `select count(*) as n, count(distinct room_id) as rooms from exam_candidates where exam_id = ? and room_id is not null`,
    [examId],
  );
  console.log(
    `${database}: ${count(rooms)} rooms of ${seats} seats added in ${((added - begin) / 1000).toFixed(1)} s; planSeats seated ${count(Number(seated.n))} candidates in ${count(Number(seated.rooms))} rooms in ${ms(planned - added)}`,
  );
}

/**
 * The pause of the whole exam during the storm: `page(...)` follows each joined page, `run()`
 * pauses at `pauseAtSeconds` after `begin` and resumes `pauseSeconds` later, `report(...)` prints.
 */
export function pauseController({ call, examId, pauseAtSeconds, pauseSeconds }) {
  const pages = new Map();
  const at = {};
  let resumeCount = 0;
  let pauseCount = 0;
  let connectedAtPause = [];
  const stats = {
    refused: 0,
    resent: 0,
    resentOk: 0,
    resentRefused: 0,
  };

  return {
    stats,
    /** A joined page: listens for the pause and the resume as the exam page does. */
    page(socket, attemptId, joined) {
      const page = {
        attemptId,
        socket,
        joinDeadline: joined.deadline,
        joinedAt: performance.now(),
        paused: Boolean(joined.paused),
        toldByJoin: Boolean(joined.paused),
        toldAt: null,
        resumedAt: null,
        resumeDeadline: null,
        /** Saves refused as paused: sent again after the resume. */
        outbox: [],
        /** Saves sent between the pause's answer and the resume's call: [sentAt, ok]. */
        whilePaused: [],
        resumeWaiters: [],
      };
      socket.on('attempt:paused', () => {
        page.paused = true;
        page.toldAt ??= performance.now();
      });
      socket.on('attempt:resumed', (message) => {
        page.paused = false;
        page.resumedAt ??= performance.now();
        page.resumeDeadline = message.deadline;
        for (const wake of page.resumeWaiters.splice(0)) wake();
      });
      pages.set(attemptId, page);
      return page;
    },
    /** A save's answer: a refusal as paused goes to the outbox (the page sends it after resume). */
    saved(page, { sentAt, ok, code, save }) {
      // While resumeExam has not been called yet, its time is still to come.
      if (at.paused !== undefined && sentAt >= at.paused && sentAt < (at.resumeSent ?? Infinity)) {
        page.whilePaused.push(ok);
      }
      if (!ok && code === ATTEMPT_PAUSED) {
        stats.refused++;
        page.paused = true;
        page.outbox.push(save);
        return true;
      }
      return false;
    },
    /** Resolves once the page has heard the resume (or after `timeoutMs`). */
    resumed(page, timeoutMs) {
      if (!page.paused) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        page.resumeWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async run(begin) {
      await sleep(begin + pauseAtSeconds * 1000 - performance.now());
      connectedAtPause = [...pages.values()].filter((p) => p.socket.connected && !p.toldByJoin);
      at.pauseSent = performance.now();
      pauseCount = (
        await call(`${PROCTOR}/pauseExam`, {
          method: 'POST',
          body: { examId, reason: 'Bench: power cut' },
        })
      ).count;
      at.paused = performance.now();
      await sleep(at.pauseSent + pauseSeconds * 1000 - performance.now());
      at.resumeSent = performance.now();
      resumeCount = (
        await call(`${PROCTOR}/resumeExam`, {
          method: 'POST',
          body: { examId, reason: 'Bench: power back' },
        })
      ).count;
      at.resumed = performance.now();
    },
    /** Prints the pause's figures; `db` reads back the deadlines and the pause records. */
    async report(db, database) {
      const told = connectedAtPause
        .filter((p) => p.toldAt !== null)
        .map((p) => p.toldAt - at.pauseSent)
        .sort((a, b) => a - b);
      const inTime = told.filter((t) => t <= TOLD_WITHIN_MS).length;
      const joinedPaused = [...pages.values()].filter((p) => p.toldByJoin).length;
      console.log(
        `${database}: pause: pauseExam paused ${count(pauseCount)} attempts in ${ms(at.paused - at.pauseSent)}, resumeExam resumed ${count(resumeCount)} in ${ms(at.resumed - at.resumeSent)} after ${((at.resumeSent - at.pauseSent) / 1000).toFixed(1)} s`,
      );
      console.log(
        `${database}: pause told: ${count(told.length)} of ${count(connectedAtPause.length)} connected pages heard attempt:paused; from the pauseExam call p50 ${ms(percentile(told, 50))}, p99 ${ms(percentile(told, 99))}, max ${ms(told.at(-1) ?? NaN)}; within 2 s: ${count(inTime)} of ${count(connectedAtPause.length)} (${count(joinedPaused)} more joined while paused, told in the join answer)`,
      );
      const resumedMs = connectedAtPause
        .filter((p) => p.resumedAt !== null)
        .map((p) => p.resumedAt - at.resumeSent)
        .sort((a, b) => a - b);
      console.log(
        `${database}: resume told: ${count(resumedMs.length)} of ${count(connectedAtPause.length)} heard attempt:resumed; from the resumeExam call p50 ${ms(percentile(resumedMs, 50))}, p99 ${ms(percentile(resumedMs, 99))}, max ${ms(resumedMs.at(-1) ?? NaN)}`,
      );

      // Which attempts the pause held, by the server's record.
      const records = await db.query(
        `select attempt_id, started_at, ended_at, given_back_ms from attempt_pauses where exam_id = ?`,
        [examId],
      );
      const record = new Map(records.map((row) => [Number(row.attempt_id), row]));
      let whilePaused = 0;
      let acceptedWhilePaused = 0;
      for (const [attemptId, page] of pages) {
        if (!record.has(attemptId)) continue;
        whilePaused += page.whilePaused.length;
        acceptedWhilePaused += page.whilePaused.filter(Boolean).length;
      }
      console.log(
        `${database}: saves while paused (sent between pauseExam's answer and the resumeExam call, by paused attempts): ${count(whilePaused)}, accepted ${count(acceptedWhilePaused)} (must be 0); refused as paused (${ATTEMPT_PAUSED}) in all ${count(stats.refused)}; re-sent after the resume ${count(stats.resent)}, arrived (acknowledged) ${count(stats.resentOk)}, refused ${count(stats.resentRefused)}`,
      );

      // Deadlines: the page's deadline at join, the database's after the run, the pause record.
      const sample = connectedAtPause
        .filter((p) => record.has(p.attemptId))
        .slice(0, DEADLINE_SAMPLE);
      if (sample.length === 0) return;
      const rows = await db.query(
        `select id, deadline from attempts where id in (${sample.map(() => '?').join(', ')})`,
        sample.map((p) => p.attemptId),
      );
      const deadline = new Map(rows.map((row) => [Number(row.id), row.deadline]));
      const api = await call(`${PROCTOR}/pauses/${examId}`);
      const apiRow = new Map(api.rows.map((row) => [row.attemptId, row]));
      let movedByRecord = 0;
      let pageAgrees = 0;
      let apiAgrees = 0;
      const moved = [];
      const off = [];
      for (const page of sample) {
        const row = record.get(page.attemptId);
        const by = Date.parse(deadline.get(page.attemptId)) - Date.parse(page.joinDeadline);
        const pausedFor = Date.parse(row.ended_at) - Date.parse(row.started_at);
        moved.push(by);
        off.push(Math.abs(by - pausedFor));
        if (by === Number(row.given_back_ms)) movedByRecord++;
        if (page.resumeDeadline === deadline.get(page.attemptId)) pageAgrees++;
        if (apiRow.get(page.attemptId)?.givenBackMs === by) apiAgrees++;
      }
      moved.sort((a, b) => a - b);
      off.sort((a, b) => a - b);
      console.log(
        `${database}: deadlines of ${count(sample.length)} paused attempts: moved p50 ${ms(percentile(moved, 50))}, min ${ms(moved[0])}, max ${ms(moved.at(-1))}; equal to the time given back in attempt_pauses ${count(movedByRecord)}, to pauses/{examId}'s givenBackMs ${count(apiAgrees)}, to the deadline the page heard on resume ${count(pageAgrees)}; off from the pause's own length by at most ${ms(off.at(-1))}`,
      );
    },
    /** After the resume the page sends its outbox again; `send(save)` answers the ack. */
    async resend(page, send) {
      const outbox = page.outbox.splice(0);
      await Promise.all(
        outbox.map(async (save) => {
          stats.resent++;
          const ack = await send(save);
          if (ack?.ok) stats.resentOk++;
          else stats.resentRefused++;
        }),
      );
    },
  };
}
