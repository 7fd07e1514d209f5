import {
  ITEM_SAVES_MAX,
  type ItemScoreAck,
  type ItemScoreView,
  type SaveItemScoresBody,
} from '@kaoshi/shared';
import { ApiError } from '../../../api/api-error';
import { saveItemScores } from '../../../api/skill-scoring';
import { idbOutbox, type OutboxEntry } from '../../../components/outbox/idb-outbox';
import type { ScoreLink } from './score-socket';

/** What the examiner gives an item: points (null: not yet), a veto hit, a note. */
export interface ItemEntry {
  points: number | null;
  vetoHit: boolean;
  note: string;
}

export type Link = 'online' | 'offline';

export interface SaverSnapshot {
  values: Record<number, ItemEntry>;
  /** Saves written to the outbox the server has not acknowledged yet. */
  pending: number;
  link: Link;
  /** The outbox has been read (before, nothing is shown as the sheet's own). */
  loaded: boolean;
  /** Why the server refused a save (worded in the user's language), until the next change. */
  notice: string | null;
}

type Entry = OutboxEntry<number, ItemEntry>;

type SheetOutbox = ReturnType<typeof idbOutbox<number, ItemEntry>>;
const outboxes = new Map<number, SheetOutbox>();

/**
 * An examiner's unacknowledged item scores, per candidate, in IndexedDB: one database per
 * examiner, so on a tablet the examiners of a station share, what one typed offline is never
 * sent as another's.
 */
function outboxOf(examinerId: number): SheetOutbox {
  let outbox = outboxes.get(examinerId);
  if (!outbox) {
    outbox = idbOutbox<number, ItemEntry>(`kaoshi-skill-sheet-${examinerId}`, 'candidateId');
    outboxes.set(examinerId, outbox);
  }
  return outbox;
}

const RETRY_EVERY_MS = 4_000;
const TYPING_PAUSE_MS = 700;

const online = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * Saves an examiner's sheet item by item as the exam saves answers (attempt-session.ts): every
 * change gets the item's next seq and goes to the IndexedDB outbox before it is sent, over the
 * exam's socket.io channel while it is connected and over HTTP while it is not; the server
 * acknowledges each seq after commit and only then is the row dropped. Offline the changes wait
 * in the outbox (a reload keeps them) and go when the browser is online again.
 * `openLink` opens the socket when the sheet starts (its callback: connected again).
 */
export class SheetSaver {
  private readonly seqs = new Map<number, number>();
  private readonly pending = new Map<number, Entry>();
  private readonly written = new Map<number, Promise<unknown>>();
  private readonly typing = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private retry: ReturnType<typeof setInterval> | undefined;
  private sending: Promise<void> | null = null;
  private snapshot: SaverSnapshot;
  private readonly outbox: SheetOutbox;
  private link: ScoreLink | undefined;

  constructor(
    readonly candidateId: number,
    examinerId: number,
    server: readonly ItemScoreView[],
    private readonly openLink?: (onConnect: () => void) => ScoreLink,
  ) {
    this.outbox = outboxOf(examinerId);
    const values: Record<number, ItemEntry> = {};
    for (const score of server) {
      this.seqs.set(score.itemId, score.seq);
      values[score.itemId] = { points: score.points, vetoHit: score.vetoHit, note: score.note };
    }
    this.snapshot = {
      values,
      pending: 0,
      link: online() ? 'online' : 'offline',
      loaded: false,
      notice: null,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private update(change: Partial<SaverSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change, pending: this.pending.size };
    for (const listener of this.listeners) listener();
  }

  private readonly onOnline = () => {
    this.update({ link: 'online' });
    void this.send();
  };
  private readonly onOffline = () => this.update({ link: 'offline' });

  /** Reads what the outbox kept (a reload, a night offline) above the server's seqs, and sends it. */
  async start() {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.retry = setInterval(() => void this.send(), RETRY_EVERY_MS);
    this.link = this.openLink?.(() => void this.send());
    let kept: Entry[] = [];
    try {
      kept = await this.outbox.list(this.candidateId);
    } catch {
      // Private browsing may refuse IndexedDB: the sheet still saves, only without the outbox.
    }
    const values = { ...this.snapshot.values };
    for (const entry of kept) {
      if (entry.seq <= (this.seqs.get(entry.itemId) ?? 0)) {
        void this.outbox.acknowledge(this.candidateId, entry.itemId, entry.seq).catch(() => {});
        continue;
      }
      this.seqs.set(entry.itemId, entry.seq);
      this.pending.set(entry.itemId, entry);
      values[entry.itemId] = entry.value;
    }
    this.update({ values, loaded: true });
    void this.send();
  }

  stop() {
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    clearInterval(this.retry);
    this.link?.close();
    this.link = undefined;
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
  }

  /** A change of an item: in the outbox at once; typing (a note) is sent when the examiner pauses. */
  set(itemId: number, value: ItemEntry, { typing = false } = {}) {
    const seq = (this.seqs.get(itemId) ?? 0) + 1;
    this.seqs.set(itemId, seq);
    this.pending.set(itemId, { itemId, seq, value });
    const previous = this.written.get(itemId) ?? Promise.resolve();
    this.written.set(
      itemId,
      previous.then(() => this.outbox.put(this.candidateId, itemId, seq, value)).catch(() => {}),
    );
    this.update({ values: { ...this.snapshot.values, [itemId]: value }, notice: null });
    clearTimeout(this.typing.get(itemId));
    if (typing) {
      this.typing.set(
        itemId,
        setTimeout(() => {
          this.typing.delete(itemId);
          void this.send();
        }, TYPING_PAUSE_MS),
      );
    } else void this.send();
  }

  /** Sends what the outbox holds, one call at a time; resolves once the call in flight is done. */
  send(): Promise<void> {
    if (this.sending) return this.sending;
    if (this.pending.size === 0 || !online()) return Promise.resolve();
    this.sending = this.sendBatch().then((delivered) => {
      this.sending = null;
      // Changes made while the call was in flight go at once, not at the next retry.
      if (delivered && this.pending.size > 0) void this.send();
    });
    return this.sending;
  }

  private async sendBatch(): Promise<boolean> {
    const batch = [...this.pending.values()].slice(0, ITEM_SAVES_MAX);
    await Promise.all(batch.map((entry) => this.written.get(entry.itemId)));
    try {
      const acks = await this.deliver({
        candidateId: this.candidateId,
        scores: batch.map(({ itemId, seq, value }) => ({ itemId, seq, ...value })),
      });
      if (!acks) return false;
      for (const ack of acks) {
        // A refused save (says why) would be refused again: dropped rather than resent.
        this.acknowledged(ack.itemId, ack.seq);
        if (!ack.ok) this.update({ notice: ack.message });
      }
      this.update({ link: 'online' });
      return true;
    } catch (error) {
      if (error instanceof ApiError) this.update({ notice: error.message });
      else this.update({ link: 'offline' });
      return false;
    }
  }

  /**
   * The batch's acks, over the socket when it is connected, else over HTTP. A refusal of the
   * whole batch throws as the HTTP call's does; null: the socket did not answer in time (the
   * batch stays in the outbox for the next round).
   */
  private async deliver(body: SaveItemScoresBody): Promise<ItemScoreAck[] | null> {
    const link = this.link;
    if (!link?.connected()) return (await saveItemScores(body, { quiet: true })).acks;
    const ack = await link.save(body).catch(() => null);
    if (!ack) return null;
    if (!ack.ok) throw new ApiError(ack.code, ack.message);
    return ack.acks;
  }

  private acknowledged(itemId: number, seq: number) {
    const entry = this.pending.get(itemId);
    if (entry && entry.seq <= seq) this.pending.delete(itemId);
    void this.outbox.acknowledge(this.candidateId, itemId, seq).catch(() => {});
  }

  /**
   * Sends until the outbox is empty (what typing held back too): true then, false when offline
   * or the server refuses the sheet. Signing waits for it.
   */
  async drain(): Promise<boolean> {
    for (const [itemId, timer] of this.typing) {
      clearTimeout(timer);
      this.typing.delete(itemId);
    }
    for (let round = 0; this.pending.size > 0 && round < 5; round++) {
      if (!online()) return false;
      await this.send();
      if (this.sending) await this.sending;
    }
    return this.pending.size === 0;
  }
}
