import {
  MARKER_OPTIONS_MAX,
  Perm,
  scoreFromHundredths,
  type MarkerOption,
  type MarkingExamView,
  type MarkingItemProgress,
  type MarkingProgressView,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import { visibleExams } from '../../lib/access.js';
import { hasAnyPermission, isExpired, type AuthContext } from '../../lib/auth-context.js';
import { isMarkedType } from '../paper/scoring.js';
import type { AuditService } from './audit.service.js';
import type { MarkingEnrolment } from './marking-enrolment.js';
import type { MarkingExams } from './marking-exams.js';
import type { MarkingService } from './marking.service.js';
import { paperVersions } from '../paper/paper-version-cache.js';
import { ProgressRepository } from './progress.repository.js';

/** The marking overview: which exams, and how far each question has come. */
export class ProgressService {
  private readonly repo: ProgressRepository;

  constructor(
    private readonly db: Db,
    private readonly marking: MarkingService,
    private readonly audits: AuditService,
    private readonly exams: MarkingExams,
    private readonly enrolment: MarkingEnrolment,
  ) {
    this.repo = new ProgressRepository(db);
  }

  /** A chief sees every opened exam; a marker the exams with questions assigned to them. */
  async listExams(
    query: { page: number; limit: number },
    auth: AuthContext,
  ): Promise<{ list: MarkingExamView[]; total: number }> {
    const chief = hasAnyPermission(auth, [Perm.MARKING_ARBITRATE]);
    // A chief sees the opened exams of their batches; a marker those they mark.
    const [rows, count] = await this.repo.exams(
      chief ? undefined : auth.user.id,
      chief ? visibleExams(this.db, auth) : null,
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

  /**
   * listMarkers: who may be named a marker (for whoever may set plans, MARKINGPAPERS-ARBITRATE,
   * who need not be allowed to read the user list).
   */
  async markerOptions(keyword: string, auth: AuthContext): Promise<MarkerOption[]> {
    if (!hasAnyPermission(auth, [Perm.MARKING_ARBITRATE])) {
      throw forbidden('permissionDeniedNeeds', { keys: Perm.MARKING_ARBITRATE });
    }
    const now = new Date();
    // Expired accounts are dropped after the query: a few more rows keep the list full.
    const rows = await this.repo.markerOptions(keyword, MARKER_OPTIONS_MAX * 2);
    return rows
      .filter((row) => !isExpired(row.end_date, now))
      .slice(0, MARKER_OPTIONS_MAX)
      .map((row) => ({ id: row.id, nickName: row.nick_name, name: row.name }));
  }

  async progress(examId: number, auth: AuthContext): Promise<MarkingProgressView> {
    const exam = await this.exams.of(examId, auth, 'mark');
    await this.enrolment.enroll(exam.id, exam.paper_version_id);
    if (await this.marking.planView(exam.id)) await this.audits.openDue(exam.id);
    const now = nowIso();
    const [counts, items, markers, audits, versionItems, plan] = await Promise.all([
      this.repo.candidates(exam.id),
      this.repo.items(exam.id, now),
      this.repo.markers(exam.id),
      this.repo.audits(exam.id),
      paperVersions(this.db).items(exam.paper_version_id),
      this.marking.planView(exam.id),
    ]);
    const byItem = new Map(items.map((row) => [row.item_id, row]));
    const { sections } = await paperVersions(this.db).snapshot(exam.paper_version_id);
    const sectionTitleOf = new Map(
      sections.flatMap((s) => [...s.items, ...s.pool].map((i) => [i.itemId, s.title.trim()])),
    );
    // Assigned markers who have not marked yet show with 0 marks from the start.
    const assigned = new Map(plan?.assignments.map((a) => [a.itemId, a.markerIds]) ?? []);
    const names = new Map(
      (await this.repo.names([...new Set([...assigned.values()].flat())])).map((row) => [
        row.id,
        row.nick_name || row.name,
      ]),
    );
    const lastAudit = new Map(audits.map((row) => [row.item_id, row.state as 0 | 1 | 2]));
    const marked: MarkingItemProgress[] = [...versionItems.values()]
      .filter((item) => isMarkedType(item.type))
      .map((item) => {
        const row = byItem.get(item.itemId);
        return {
          itemId: item.itemId,
          sectionTitle: sectionTitleOf.get(item.itemId) ?? '',
          type: item.type,
          // A pool item's score is its rule's, set per candidate: the highest of theirs.
          fullScore: scoreFromHundredths(item.score ?? Number(row?.full_score ?? 0)),
          answers: Number(row?.answers ?? 0),
          marked: Number(row?.marked ?? 0),
          inProgress: Number(row?.in_progress ?? 0),
          arbitration: Number(row?.arbitration ?? 0),
          markers: [
            ...markers
              .filter((m) => m.item_id === item.itemId)
              .map((m) => ({
                markerId: m.marker_id,
                name: m.nick_name ?? '',
                marks: Number(m.marks),
              })),
            ...(assigned.get(item.itemId) ?? [])
              .filter((id) => !markers.some((m) => m.item_id === item.itemId && m.marker_id === id))
              .map((id) => ({ markerId: id, name: names.get(id) ?? '', marks: 0 })),
          ],
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
      endAt: exam.end_at,
      closed,
      plan,
      items: marked,
    };
  }
}
