import {
  ApiStatus,
  ProctorEvent,
  SAVE_BATCH_MAX,
  SOCKET_PATH,
  SocketEvent,
  type AnswerValue,
  type AttemptView,
  type ClientEventType,
  type EventAck,
  type JoinAck,
  type LogEventResult,
  type PauseMessage,
  type ProctorMessage,
  type Receipt,
  type ResumeMessage,
  type ReopenedMessage,
  type SaveAck,
  type SaveAckMessage,
  type SubmitAck,
  type TimeMessage,
} from '@kaoshi/shared';
import { io, type Socket } from 'socket.io-client';
import { getAttempt, logAttemptEvent, saveAnswers, submitAttempt } from '../../api/attempt';
import { NO_BREAKS, breakCalls, pausedStateOf } from './rest-break';
import { ApiError } from '../../api/request';
import { mergeAnswers, type PendingAnswer } from './answer-merge';
import { answerOutbox } from './answer-outbox';
import { drainEvents, sendOverSocket } from './offline-events';
import { keptAttempts } from './offline-kept';
import { ProctorInbox } from './proctor-inbox';
import { AttemptRefusal, type SessionSnapshot, type Stopped } from './session-state';

/** Typing is sent once the candidate pauses this long (the outbox has every keystroke at once). */
export const TYPING_PAUSE_MS = 400;
/** An acknowledgement not back by then is waited for again after the next reconnect. */
const ACK_TIMEOUT_MS = 10_000;
/** With the socket down this long, the HTTP call takes the waiting answers. */
const HTTP_FALLBACK_AFTER_MS = 3000;
const HTTP_FALLBACK_EVERY_MS = 3000;
/** After the clock reached zero, the server's receipt is asked for this often. */
const RECEIPT_POLL_MS = 2000;

export type { LinkState, PausedState, SessionSnapshot, Stopped } from './session-state';
export { AttemptRefusal, pageInView } from './session-state';

/**
 * One candidate's attempt on this page (DESIGN.md "An acknowledged answer is never lost"):
 * every change gets the next seq of its question, goes to the IndexedDB outbox first and then
 * over socket.io, and leaves the outbox only when the server acknowledges that seq. A join
 * (after a connect, a reconnect or a reload) merges the server's answers with the outbox and
 * resends what the server lacks; with the socket down, the HTTP call takes the same batch.
 * The remaining time is the server's, corrected at every join, acknowledgement and
 * attempt:time, counted down in between on the monotonic clock.
 */
export class AttemptSession {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly seqs: Record<string, number> = {};
  private readonly pending = new Map<string, PendingAnswer>();
  /** The outbox write of each question's latest change: a save is sent only after it. */
  private readonly written = new Map<string, Promise<unknown>>();
  private readonly typing = new Map<string, ReturnType<typeof setTimeout>>();
  private socket: Socket | null = null;
  private joined = false;
  /** What the page's HTTP calls carry while it holds the attempt (the join's answer). */
  private liveToken = '';
  private downSince = 0;
  private httpBusy = false;
  private httpOkAt = -Infinity;
  private fallback: ReturnType<typeof setInterval> | undefined;
  /** After the clock reached zero: asks for the receipt until the server has finalized. */
  private receiptPoll: ReturnType<typeof setInterval> | undefined;
  private ready: Promise<void> = Promise.resolve();
  /** The answers as the server last listed them (the page's load, then every join). */
  private serverAnswers: AttemptView['answers'];
  /** The proctors' messages: kept ones after each join, live ones meanwhile, each once. */
  private readonly inbox: ProctorInbox;

  constructor(
    private readonly view: AttemptView,
    private readonly language: () => string,
  ) {
    this.snapshot = {
      values: {},
      pendingCount: 0,
      savedAt: null,
      loaded: false,
      link: 'connecting',
      endsAt: performance.now() + view.remainingMs,
      stopped: null,
      finished: view.finished,
      leaveCount: view.leaveCount,
      leaveLimit: view.leaveLimit,
      notice: null,
      messages: [],
      timeChange: null,
      paused: view.paused ? pausedStateOf(view.paused, view.remainingMs, view.serverNow) : null,
      resumed: null,
      reopened: 0,
      breaks: view.breaks ?? NO_BREAKS,
    };
    this.inbox = new ProctorInbox(view.attemptId, (messages) =>
      this.update({ messages: [...this.snapshot.messages, ...messages] }),
    );
    this.serverAnswers = view.answers;
    this.applyServerAnswers(view.answers);
  }

  get attemptId() {
    return this.view.attemptId;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private update(change: Partial<SessionSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change, pendingCount: this.pending.size };
    for (const listener of this.listeners) listener();
  }

  private get taking() {
    return this.snapshot.finished === null && this.snapshot.stopped === null;
  }

  /** Answers go on to the server while it may take them: after the page's clock ran out too. */
  private get sending() {
    return this.snapshot.finished === null && (this.taking || this.snapshot.stopped === 'time');
  }

  /**
   * Reads the outbox (answers given before a reload, offline perhaps) and connects. A page that
   * shows the receipt connects too: it stays in its attempt's room, to be told of a reopen.
   */
  start() {
    if (!this.snapshot.finished) this.readOutbox();
    this.connect();
  }

  private readOutbox() {
    this.ready = answerOutbox.list(this.attemptId).then(
      (outbox) => {
        for (const entry of outbox) {
          const known = this.pending.get(entry.itemId);
          if (!known || known.seq < entry.seq) this.pending.set(entry.itemId, entry);
        }
        // Against what the server last said: an entry it already holds (acknowledged just
        // before a reload) is dropped, not counted as waiting.
        this.applyServerAnswers(this.serverAnswers);
        this.update({ loaded: true });
      },
      // Private browsing may refuse IndexedDB: the page still saves, only without the outbox.
      () => this.update({ loaded: true }),
    );
  }

  private connect() {
    const socket = io({
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      withCredentials: true,
      // The browser's WebSocket cannot set Accept-Language: the server reads the UI's language here.
      auth: (send) => send({ language: this.language() }),
    });
    this.socket = socket;
    socket.on('connect', () => void this.join(socket));
    socket.on('disconnect', () => this.down());
    socket.on('connect_error', (error: Error & { data?: { code?: number } }) => {
      // The session ended while the page was away: reconnecting can never succeed.
      if (error.data?.code === ApiStatus.NO_SESSION) return this.stop('sessionEnded');
      this.down();
    });
    socket.on(SocketEvent.SESSION_ENDED, () => this.stop('sessionEnded'));
    socket.on(SocketEvent.TIME, (message: TimeMessage) => this.timeMoved(message));
    socket.on(SocketEvent.TAKEN_OVER, () => this.stop('takenOver'));
    socket.on(SocketEvent.PAUSED, (message: PauseMessage) => this.pausedBy(message));
    socket.on(SocketEvent.RESUMED, (message: ResumeMessage) => this.resumedBy(message));
    socket.on(SocketEvent.FINALIZED, (receipt: Receipt) => this.finish(receipt));
    socket.on(ProctorEvent.MESSAGE, (message: ProctorMessage) =>
      this.inbox.receive(socket, [message]),
    );
    socket.on(ProctorEvent.REOPENED, (message: ReopenedMessage) => this.reopen(socket, message));
    this.fallback = setInterval(() => void this.saveOverHttp(), HTTP_FALLBACK_EVERY_MS);
    this.downSince = performance.now();
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    if (!navigator.onLine) this.onOffline();
  }

  /**
   * The device has no network: a WebSocket may take half a minute of missed pings to notice,
   * and meanwhile the page would say "saved" and send into nothing. Close it now (the answers
   * wait in the outbox) and open it again when the network is back.
   */
  private readonly onOffline = () => {
    this.socket?.disconnect();
    this.down();
  };

  private readonly onOnline = () => {
    // A page on its receipt reconnects too (a reopen reaches it so).
    if (this.socket && !this.socket.connected) this.socket.connect();
  };

  /** Closes the connection (leaving the page, or the attempt has ended here). */
  close() {
    this.flush();
    clearInterval(this.fallback);
    clearInterval(this.receiptPoll);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    this.socket?.disconnect();
    this.socket = null;
    this.joined = false;
  }

  private down() {
    if (this.joined) this.downSince = performance.now();
    this.joined = false;
    // While the HTTP call still reaches the server, a socket failing to reconnect is no outage.
    const httpWorks = performance.now() - this.httpOkAt < HTTP_FALLBACK_EVERY_MS * 2;
    if (this.taking && !httpWorks) this.update({ link: 'offline' });
  }

  /** The server's answers, except where a change it has not acknowledged is later. */
  private applyServerAnswers(server: AttemptView['answers']) {
    const merged = mergeAnswers(server, [...this.pending.values()]);
    const values = { ...this.snapshot.values, ...merged.values };
    for (const [itemId, seq] of Object.entries(merged.seqs)) {
      this.seqs[itemId] = Math.max(this.seqs[itemId] ?? 0, seq);
    }
    for (const entry of merged.stale) this.acknowledged(entry.itemId, entry.seq);
    this.update({ values });
  }

  private async join(socket: Socket) {
    await this.ready;
    let ack: JoinAck;
    try {
      // A page that reconnects behind another window says so: its absence goes on.
      ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(SocketEvent.JOIN, {
        attemptId: this.attemptId,
        present: document.visibilityState === 'visible',
        liveToken: this.liveToken || undefined,
      })) as JoinAck;
    } catch {
      // No answer in time: the next reconnect joins again.
      return;
    }
    if (socket !== this.socket) return;
    if (!ack.ok) return this.refused(ack.code, ack.message);
    this.joined = true;
    // The clock here ran out (offline, perhaps) but the server gives time still: go on.
    if (this.snapshot.stopped === 'time' && ack.remainingMs > 0 && !ack.finished) {
      clearInterval(this.receiptPoll);
      this.update({ stopped: null });
    }
    // Extra time given while the connection was down: the join brings it, said as attempt:time
    // would (not across a pause: its clock stood still, and a resume says what it gave back).
    const missedMinutes = Math.round(
      (ack.remainingMs - (this.snapshot.endsAt - performance.now())) / 60_000,
    );
    const pausedAround = this.snapshot.paused !== null || ack.paused !== null;
    if (missedMinutes !== 0 && this.taking && !pausedAround) this.timeChanged(missedMinutes);
    this.liveToken = ack.liveToken ?? this.liveToken;
    this.correctTime(ack.remainingMs);
    // Paused or resumed while the connection was down: the join says which.
    this.update({
      paused: ack.paused ? pausedStateOf(ack.paused, ack.remainingMs, ack.serverNow) : null,
      breaks: ack.breaks ?? this.snapshot.breaks,
    });
    if (ack.finished) return this.finish(ack.finished);
    this.serverAnswers = ack.answers;
    void keptAttempts.serverAnswers(this.attemptId, ack.answers).catch(() => undefined);
    this.applyServerAnswers(ack.answers);
    this.update({ link: 'online', leaveCount: ack.leaveCount, leaveLimit: ack.leaveLimit });
    for (const entry of this.pending.values()) void this.send(entry);
    // What the page raised offline, with its times (offline-events.ts).
    const live = () => socket === this.socket && this.joined;
    void drainEvents(
      keptAttempts,
      this.attemptId,
      sendOverSocket(socket, ACK_TIMEOUT_MS),
      live,
    ).catch(() => undefined);
    void this.inbox.joined(socket);
  }

  /**
   * The proctor reopened the attempt (the page perhaps on its receipt): back to the questions
   * with the new deadline; joining again brings the answers as stored and the page's live token.
   */
  private reopen(socket: Socket, { remainingMs }: ReopenedMessage) {
    clearInterval(this.receiptPoll);
    const wasLoaded = this.snapshot.loaded;
    this.update({
      finished: null,
      stopped: null,
      endsAt: performance.now() + remainingMs,
      reopened: this.snapshot.reopened + 1,
    });
    if (!wasLoaded) this.readOutbox();
    void this.join(socket);
  }

  /** The candidate is told how the deadline moved, not left to notice the countdown jump. */
  private timeChanged(minutes: number) {
    this.update({ timeChange: { minutes, serial: (this.snapshot.timeChange?.serial ?? 0) + 1 } });
  }

  private correctTime(remainingMs: number) {
    this.update({ endsAt: performance.now() + remainingMs });
    void keptAttempts.serverTime(this.attemptId, remainingMs).catch(() => undefined);
  }

  /** A proctor paused the attempt: the paper is hidden, the clock stands, answers wait. */
  private pausedBy(message: PauseMessage) {
    this.flush();
    this.update({ paused: pausedStateOf(message, message.remainingMs) });
  }

  /** The candidate takes a rest break, or ends theirs (the socket may say so first). */
  async restBreak(take: boolean) {
    const call = { liveToken: this.liveToken };
    if (!take)
      return this.resumedBy({ ...(await breakCalls.end(this.attemptId, call)), pausedMs: 0 });
    const taken = await breakCalls.take(this.attemptId, call);
    this.pausedBy({ ...taken, reason: '', deadline: '' });
    this.update({ breaks: taken.breaks });
  }

  /**
   * The pause ended: the clock runs from the new deadline (the paused time given back), and the
   * answers kept meanwhile go now.
   */
  private resumedBy({ remainingMs, givenBackMs }: ResumeMessage) {
    if (!this.snapshot.paused) return;
    this.correctTime(remainingMs);
    // After a rest break the clock says it; the notice is for a proctor's pause.
    const wasBreak = this.snapshot.paused.breakEndsAt !== undefined;
    this.update({
      paused: null,
      resumed: wasBreak
        ? this.snapshot.resumed
        : { givenBackMs, serial: (this.snapshot.resumed?.serial ?? 0) + 1 },
    });
    if (this.snapshot.stopped === 'time' && remainingMs > 0) {
      clearInterval(this.receiptPoll);
      this.update({ stopped: null });
    }
    for (const entry of this.pending.values()) void this.send(entry);
  }

  /** attempt:time (extra time, a later close), perhaps just after the clock here reached zero. */
  private timeMoved({ deadline, remainingMs, changedMinutes }: TimeMessage) {
    const paused = this.snapshot.paused;
    // Paused: the clock stands at what is left from the pause's start to the new deadline.
    if (paused && paused.since !== '') {
      this.update({
        paused: {
          ...paused,
          remainingMs: Math.max(0, Date.parse(deadline) - Date.parse(paused.since)),
        },
      });
    }
    this.correctTime(remainingMs);
    if (changedMinutes !== 0) this.timeChanged(changedMinutes);
    if (this.snapshot.stopped !== 'time' || remainingMs <= 0) return;
    clearInterval(this.receiptPoll);
    this.update({ stopped: null });
  }

  /**
   * A change of a question's answer. Typing (`typing`) is sent when the candidate pauses, but
   * every keystroke is in the outbox at once, so a reload or a closed tab loses nothing.
   */
  setAnswer(itemId: string, value: AnswerValue, { typing = false } = {}) {
    if (!this.taking || !this.snapshot.loaded || this.snapshot.paused) return;
    const seq = (this.seqs[itemId] ?? 0) + 1;
    this.seqs[itemId] = seq;
    const entry = { itemId, seq, value };
    this.pending.set(itemId, entry);
    const previous = this.written.get(itemId) ?? Promise.resolve();
    // With the server's time as counted here: the answer file says when it was given.
    const at = keptAttempts.serverNow(this.attemptId);
    const write = previous
      .then(() => answerOutbox.put(this.attemptId, itemId, seq, value, at))
      .catch(() => undefined);
    this.written.set(itemId, write);
    this.update({ values: { ...this.snapshot.values, [itemId]: value } });
    clearTimeout(this.typing.get(itemId));
    if (typing) {
      this.typing.set(
        itemId,
        setTimeout(() => this.sendLatest(itemId), TYPING_PAUSE_MS),
      );
    } else this.sendLatest(itemId);
  }

  private sendLatest(itemId: string) {
    this.typing.delete(itemId);
    const entry = this.pending.get(itemId);
    if (entry) void this.send(entry);
  }

  /** Sends what typing still holds back: on blur, when the page is hidden or left, before submit. */
  flush() {
    for (const itemId of [...this.typing.keys()]) {
      clearTimeout(this.typing.get(itemId));
      this.sendLatest(itemId);
    }
  }

  private async send(entry: PendingAnswer) {
    await this.written.get(entry.itemId);
    const socket = this.socket;
    // Paused: the answer waits in the outbox; the resume sends it.
    if (!socket || !this.joined || !this.sending || this.snapshot.paused) return;
    let ack: SaveAckMessage;
    try {
      ack = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck(SocketEvent.SAVE, { attemptId: this.attemptId, ...entry })) as SaveAckMessage;
    } catch {
      return;
    }
    if (!ack.ok) return this.refused(ack.code, ack.message, entry);
    this.correctTime(ack.remainingMs);
    this.acknowledged(entry.itemId, ack.seq);
  }

  private acknowledged(itemId: string, seq: number) {
    const entry = this.pending.get(itemId);
    if (entry && entry.seq <= seq) this.pending.delete(itemId);
    // The offline copy has the answer before the outbox lets it go (offline-attempt.ts).
    const kept = entry?.seq === seq ? keptAttempts.acknowledged(this.attemptId, entry) : null;
    void Promise.resolve(kept)
      .catch(() => undefined)
      .then(() => answerOutbox.acknowledge(this.attemptId, itemId, seq))
      .catch(() => undefined);
    this.update({ savedAt: performance.now() });
  }

  /** With the socket down for a while but HTTP reaching the server, the same batch goes by HTTP. */
  private async saveOverHttp() {
    if (this.joined || this.httpBusy || !this.sending || this.pending.size === 0) return;
    if (!navigator.onLine || performance.now() - this.downSince < HTTP_FALLBACK_AFTER_MS) return;
    this.httpBusy = true;
    const batch = [...this.pending.values()].slice(0, SAVE_BATCH_MAX);
    try {
      await Promise.all(batch.map((entry) => this.written.get(entry.itemId)));
      const result = await saveAnswers(
        { attemptId: this.attemptId, answers: batch },
        { quiet: true, liveToken: this.liveToken },
      );
      this.httpOkAt = performance.now();
      this.correctTime(result.remainingMs);
      this.update({ link: 'online' });
      // Taken again: a pause a refusal told of (over HTTP, no socket to say so) has ended.
      if (this.snapshot.paused && result.acks.some((ack) => ack.ok)) this.update({ paused: null });
      result.acks.forEach((ack: SaveAck) => {
        if (ack.ok) this.acknowledged(ack.itemId, ack.seq);
        else this.refused(ack.code, ack.message, ack);
      });
    } catch (error) {
      if (error instanceof ApiError) this.refused(error.status, error.message);
      else this.update({ link: 'offline' });
    } finally {
      this.httpBusy = false;
    }
  }

  private refused(code: number, message: string, entry?: Pick<PendingAnswer, 'itemId' | 'seq'>) {
    if (code === ApiStatus.TAKEN_OVER) return this.stop('takenOver');
    if (code === ApiStatus.NO_SESSION) return this.stop('sessionEnded');
    if (code === ApiStatus.TIME_UP) return this.stop('time');
    if (code === ApiStatus.ATTEMPT_ENDED) return this.stop('ended');
    // Paused by a proctor: the answer stays in the outbox (not lost, not dropped) until the resume.
    if (code === ApiStatus.ATTEMPT_PAUSED) {
      if (!this.snapshot.paused) {
        const remainingMs = Math.max(0, this.snapshot.endsAt - performance.now());
        this.update({ paused: { since: '', reason: message, remainingMs } });
      }
      return;
    }
    // A save the server will never take (it says why): resending it would loop.
    if (entry) {
      this.pending.delete(entry.itemId);
      void answerOutbox.acknowledge(this.attemptId, entry.itemId, entry.seq).catch(() => undefined);
    }
    this.update({ notice: message });
  }

  /** The page stops taking answers (see Stopped). */
  stop(reason: Exclude<Stopped, null>) {
    if (!this.taking) return;
    this.flush();
    this.update({ stopped: reason });
    if (reason === 'takenOver' || reason === 'sessionEnded') {
      this.close();
      return;
    }
    // Offline, asking would only bring the request layer's network toast every few seconds.
    const ask = () => {
      if (!navigator.onLine) return;
      void getAttempt(this.attemptId, { quiet: true }).then(
        (view) => view.finished && this.finish(view.finished),
        () => undefined,
      );
    };
    ask();
    this.receiptPoll = setInterval(ask, RECEIPT_POLL_MS);
  }

  /** The receipt: the page takes no more answers, but stays in its attempt's room (a reopen). */
  private finish(receipt: Receipt) {
    this.flush();
    clearInterval(this.receiptPoll);
    this.joined = false;
    this.update({ finished: receipt });
    void keptAttempts.forget(this.attemptId).catch(() => undefined);
  }

  /** Once every change made so far is in the outbox (the answer file reads it). */
  async whenWritten(): Promise<void> {
    this.flush();
    await Promise.all(this.written.values());
  }

  /** Resolves once the server holds every answer given; rejects after `timeoutMs`. */
  whenSaved(timeoutMs: number) {
    this.flush();
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        if (this.pending.size > 0) return;
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error('not saved'));
      }, timeoutMs);
      const unsubscribe = this.subscribe(check);
      check();
    });
  }

  /** Submits (the server refuses before the minimum time, in the user's language). */
  async submit(): Promise<Receipt> {
    const socket = this.socket;
    let receipt: Receipt;
    if (socket && this.joined) {
      const ack = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck(SocketEvent.SUBMIT, { attemptId: this.attemptId })) as SubmitAck;
      if (!ack.ok) throw new AttemptRefusal(ack.code, ack.message);
      receipt = ack.receipt;
    } else {
      try {
        receipt = await submitAttempt(this.attemptId, {
          quiet: true,
          liveToken: this.liveToken,
        });
      } catch (error) {
        if (error instanceof ApiError) throw new AttemptRefusal(error.status, error.message);
        throw error;
      }
    }
    this.finish(receipt);
    return receipt;
  }

  /** An integrity event (page hidden, fullscreen left, paste); past the limit, the receipt. */
  async report(type: ClientEventType) {
    if (!this.taking) return;
    // Offline: kept with its time and sent after the next join (offline-events.ts).
    const queue = () => void keptAttempts.queueEvent(this.attemptId, type).catch(() => undefined);
    if (!navigator.onLine) return queue();
    let result: LogEventResult;
    try {
      if (this.socket && this.joined) {
        const ack = (await this.socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck(SocketEvent.EVENT, { attemptId: this.attemptId, type })) as EventAck;
        if (!ack.ok) return;
        result = ack;
      } else {
        result = await logAttemptEvent(this.attemptId, type, {
          quiet: true,
          liveToken: this.liveToken,
        });
      }
    } catch (error) {
      // No answer (the network dropped): kept as if raised offline. A refusal is not resent.
      if (!(error instanceof ApiError)) queue();
      return;
    }
    this.update({ leaveCount: result.leaveCount, leaveLimit: result.leaveLimit });
    if (result.finished) this.finish(result.finished);
  }
}
