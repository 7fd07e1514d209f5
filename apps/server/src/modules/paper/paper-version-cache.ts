import type { Db } from '../../db/database.js';
import { readPaperVersion, type PaperSnapshot, type SnapshotItem } from './paper-version.js';

/**
 * Paper versions are immutable: each is read once per process and database, whoever asks
 * (taking exams, marking, key correction). A failed read is forgotten, so the next asks again.
 */
export class PaperVersionCache {
  private readonly versions = new Map<number, Promise<PaperSnapshot>>();

  constructor(private readonly db: Db) {}

  snapshot(versionId: number): Promise<PaperSnapshot> {
    let snapshot = this.versions.get(versionId);
    if (!snapshot) {
      snapshot = readPaperVersion(this.db, versionId);
      snapshot.catch(() => this.versions.delete(versionId));
      this.versions.set(versionId, snapshot);
    }
    return snapshot;
  }

  /** Every item a version may deliver (fixed items and pools), by item id. */
  async items(versionId: number): Promise<Map<string, SnapshotItem>> {
    const snapshot = await this.snapshot(versionId);
    return new Map(
      snapshot.sections.flatMap((s) => [...s.items, ...s.pool]).map((i) => [i.itemId, i]),
    );
  }
}

const caches = new WeakMap<Db, PaperVersionCache>();

/** The one cache of `db`'s paper versions. */
export function paperVersions(db: Db): PaperVersionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PaperVersionCache(db);
    caches.set(db, cache);
  }
  return cache;
}
