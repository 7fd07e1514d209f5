import type { Db } from '../../db/database.js';
import { answersWithValue } from './marking.repository.js';

/** Group audits (docs/marking-storage.md, `marking_audits`). */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** Per question of the exam: its cycle and how many of its answers are not final. */
  itemStates(examId: number) {
    return this.db
      .selectFrom('marking_answers')
      .select((eb) => [
        'item_id',
        eb.fn.max<number>('cycle').as('cycle'),
        eb.fn.countAll<number>().as('answers'),
        eb.fn.count<number>('final_score').as('final'),
      ])
      .where('exam_id', '=', examId)
      .groupBy('item_id')
      .execute();
  }

  audits(examId: number) {
    return this.db
      .selectFrom('marking_audits')
      .selectAll()
      .where('exam_id', '=', examId)
      .orderBy('cycle')
      .execute();
  }

  answerIds(examId: number, itemId: string) {
    return this.db
      .selectFrom('marking_answers')
      .select('id')
      .where('exam_id', '=', examId)
      .where('item_id', '=', itemId)
      .orderBy('id')
      .execute();
  }

  /** Idempotent: two processes opening the same audit at once keep the first sample. */
  async open(audit: {
    examId: number;
    itemId: string;
    cycle: number;
    sample: number[];
    at: string;
  }) {
    await this.db
      .insertInto('marking_audits')
      .values({
        exam_id: audit.examId,
        item_id: audit.itemId,
        cycle: audit.cycle,
        state: 0,
        sample: JSON.stringify(audit.sample),
        created_at: audit.at,
      })
      .onConflict((oc) => oc.columns(['exam_id', 'item_id', 'cycle']).doNothing())
      .execute();
  }

  /** Decides an audit under review: one conditional UPDATE, so two chiefs cannot both decide. */
  async decide(
    trx: Db,
    auditId: number,
    decision: { state: number; reason: string; reviewerId: number; at: string },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('marking_audits')
      .set({
        state: decision.state,
        reason: decision.reason,
        reviewer_id: decision.reviewerId,
        decided_at: decision.at,
      })
      .where('id', '=', auditId)
      .where('state', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The question's answers, to send back to marking. */
  finals(trx: Db, examId: number, itemId: string) {
    return trx
      .selectFrom('marking_answers')
      .select(['id', 'attempt_id', 'final_score'])
      .where('exam_id', '=', examId)
      .where('item_id', '=', itemId)
      .execute();
  }

  /** A new cycle: no marks, no final score, back in the pool; earlier marks keep their cycle. */
  async sendBack(trx: Db, examId: number, itemId: string) {
    await trx
      .updateTable('marking_answers')
      .set((eb) => ({
        cycle: eb('cycle', '+', 1),
        marks_done: 0,
        lease_marker_id: null,
        lease_until: null,
        arbitration: 0,
        final_score: null,
        finalized_at: null,
      }))
      .where('exam_id', '=', examId)
      .where('item_id', '=', itemId)
      .execute();
    await trx
      .updateTable('attempt_answers')
      .set({ score: null })
      .where('item_id', '=', itemId)
      .where('attempt_id', 'in', (eb) =>
        eb
          .selectFrom('marking_answers')
          .select('attempt_id')
          .where('exam_id', '=', examId)
          .where('item_id', '=', itemId),
      )
      .execute();
  }

  sampleAnswers(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return answersWithValue(this.db)
      .where('marking_answers.id', 'in', [...ids])
      .orderBy('marking_answers.id')
      .execute();
  }
}
