import {
  Perm,
  scoreFromHundredths,
  type MarkingExamView,
  type MarkingItemProgress,
  type MarkingProgressView,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { hasAnyPermission, type AuthContext } from '../auth/auth.service.js';
import { isMarkedType } from '../attempt/scoring.js';
import type { AuditService } from './audit.service.js';
import type { MarkingService } from './marking.service.js';
import { ProgressRepository } from './progress.repository.js';

/** The marking overview: which exams, and how far each question has come. */
export class ProgressService {
  private readonly repo: ProgressRepository;

  constructor(
    db: Db,
    private readonly marking: MarkingService,
    private readonly audits: AuditService,
  ) {
    this.repo = new ProgressRepository(db);
  }

  /** A chief sees every opened exam; a marker the exams with questions assigned to them. */
  async listExams(
    query: { page: number; limit: number },
    auth: AuthContext,
  ): Promise<{ list: MarkingExamView[]; total: number }> {
    const chief = hasAnyPermission(auth, [Perm.MARKING_ARBITRATE]);
    const [rows, count] = await this.repo.exams(
      chief ? undefined : auth.user.id,
      nowIso(),
      query.page,
      query.limit,
    );
    const list: MarkingExamView[] = [];
    for (const row of rows) {
      const plan = await this.marking.planView(row.id);
      const itemIds = (plan?.assignments ?? [])
        .filter((a) => chief || a.markerIds.includes(auth.user.id))
        .map((a) => a.itemId);
      list.push({
        examId: row.id,
        name: row.name,
        endAt: row.end_at,
        released: row.released_at !== null,
        plan,
        itemIds,
      });
    }
    return { list, total: Number(count.n) };
  }

  async progress(examId: number): Promise<MarkingProgressView> {
    const exam = await this.marking.publishedExam(examId);
    await this.marking.enroll(exam.id, exam.paper_version_id);
    if (await this.marking.planView(exam.id)) await this.audits.openDue(exam.id);
    const now = nowIso();
    const [counts, items, markers, audits, versionItems, plan] = await Promise.all([
      this.repo.candidates(exam.id),
      this.repo.items(exam.id, now),
      this.repo.markers(exam.id),
      this.repo.audits(exam.id),
      this.marking.versionItems(exam.paper_version_id),
      this.marking.planView(exam.id),
    ]);
    const byItem = new Map(items.map((row) => [row.item_id, row]));
    const lastAudit = new Map(audits.map((row) => [row.item_id, row.state as 0 | 1 | 2]));
    const marked: MarkingItemProgress[] = [...versionItems.values()]
      .filter((item) => isMarkedType(item.type))
      .map((item) => {
        const row = byItem.get(item.itemId);
        return {
          itemId: item.itemId,
          type: item.type,
          // A pool item's score is its rule's, set per candidate: the highest of theirs.
          fullScore: scoreFromHundredths(item.score ?? Number(row?.full_score ?? 0)),
          answers: Number(row?.answers ?? 0),
          marked: Number(row?.marked ?? 0),
          inProgress: Number(row?.in_progress ?? 0),
          arbitration: Number(row?.arbitration ?? 0),
          markers: markers
            .filter((m) => m.item_id === item.itemId)
            .map((m) => ({
              markerId: m.marker_id,
              name: m.nick_name ?? '',
              marks: Number(m.marks),
            })),
          audit: lastAudit.get(item.itemId) ?? null,
        };
      });
    const closed = exam.end_at <= now;
    return {
      examId: exam.id,
      name: exam.name,
      candidates: counts.candidates,
      submitted: counts.finished,
      absent: closed ? counts.candidates - counts.started : 0,
      objectiveScored: counts.scored,
      released: exam.released_at !== null,
      plan,
      items: marked,
    };
  }
}
