import type { Db } from '../../db/database.js';

/** Ids per IN list: far below either database's parameter limit. */
const IDS_PER_QUERY = 5000;

/**
 * The live view's events of a large exam (docs/features/proctoring.md) without reading every
 * event: a page's joins (one per load, reload and reconnect) are most of them, and the view
 * shows only their count and the address of each attempt's latest event.
 */
export class ProctorLiveRepository {
  constructor(private readonly db: Db) {}

  /** Events per attempt and type, with the latest one's id. */
  eventCounts(examId: number) {
    return this.db
      .selectFrom('attempt_events')
      .select((eb) => [
        'attempt_id',
        'type',
        eb.fn.countAll<number>().as('count'),
        eb.fn.max('id').as('last_id'),
      ])
      .where('exam_id', '=', examId)
      .groupBy(['attempt_id', 'type'])
      .execute();
  }

  /** The exam's events other than joins, newest first. */
  signals(examId: number) {
    return this.db
      .selectFrom('attempt_events')
      .select(['id', 'attempt_id', 'type', 'ip', 'detail', 'created_at'])
      .where('exam_id', '=', examId)
      .where('type', '<>', 'joined')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The address of each of these events. */
  async addresses(ids: readonly number[]) {
    const rows: { attempt_id: number; ip: string }[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
      rows.push(
        ...(await this.db
          .selectFrom('attempt_events')
          .select(['attempt_id', 'ip'])
          .where('id', 'in', ids.slice(i, i + IDS_PER_QUERY))
          .execute()),
      );
    }
    return rows;
  }
}
