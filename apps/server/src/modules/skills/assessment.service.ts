import {
  ENTITY_NAMES,
  scoreFromHundredths,
  scoreToHundredths,
  type CertLevel,
  type ListSkillAssessmentQuery,
  type StaffOption,
  type StaffSelectQuery,
  type SkillAssessmentInput,
  type SkillAssessmentListItem,
  type SkillAssessmentStatus,
  type SkillAssessmentView,
  type UpdateSkillAssessmentBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, existing, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { skillAssessmentAccess, visibleSkillAssessments } from '../../lib/access.js';
import { checkAssessment, turnsOf } from './assessment-rules.js';
import { versionOf } from './sheet-version.js';
import { AssessmentRepository, type AssessmentRow } from './assessment.repository.js';

type ListRow = Awaited<ReturnType<AssessmentRepository['listRows']>>[number];

const personOf = (row: { id: number; name: string; nick_name: string }) => ({
  id: row.id,
  name: row.nick_name || row.name,
});

function listItemOf(row: ListRow): SkillAssessmentListItem {
  return {
    id: row.id,
    name: row.name,
    status: row.status as SkillAssessmentStatus,
    sheetId: row.sheet_id,
    sheetName: row.sheet_name,
    sheetVersion: row.sheet_version,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    level: row.level as CertLevel,
    examinersPerCandidate: row.examiners_per_candidate,
    tolerance: scoreFromHundredths(row.tolerance),
    sessionCount: Number(row.session_count ?? 0),
    startsAt: row.starts_at ?? null,
    candidateCount: Number(row.candidate_count ?? 0),
    publishedAt: row.published_at,
    createdAt: row.created_at,
  };
}

/** Skills assessments: drafts, their checks, reading and closing (publishing: AssessmentPublisher). */
export class AssessmentService {
  private readonly repo: AssessmentRepository;

  constructor(private readonly db: Db) {
    this.repo = new AssessmentRepository(db);
  }

  /** Checks the input and freezes the sheet: the columns the assessment row takes from them. */
  private async prepare(trx: Db, input: SkillAssessmentInput, auth: AuthContext) {
    const sheet = await new AssessmentRepository(trx).sheet(input.sheetId);
    if (!sheet) {
      throw invalid('sheetId', 'notFound', { entity: ENTITY_NAMES.skillSheet, id: input.sheetId });
    }
    const component = await checkAssessment(trx, input, sheet, auth);
    // The sheet's current frozen version; a sheet changed since gets a new one.
    const version = await versionOf(trx, input.sheetId, auth.user.id);
    return {
      name: input.name,
      sheet_version_id: version.id,
      scheme_component_id: component,
      examiners_per_candidate: input.examinersPerCandidate,
      tolerance: scoreToHundredths(input.tolerance),
      chief_id: input.chiefId,
      checker_id: input.checkerId,
    };
  }

  private async writeParts(trx: Db, id: number, input: SkillAssessmentInput) {
    const repo = new AssessmentRepository(trx);
    await repo.setClasses(id, input.classIds);
    await repo.setSessions(
      id,
      input.sessions.map((session) => ({
        starts_at: session.startsAt,
        ends_at: session.endsAt,
        place: session.place,
        stations: session.stations,
        examiners: session.examiners,
      })),
    );
  }

  add(input: SkillAssessmentInput, auth: AuthContext): Promise<{ id: number }> {
    return inTransaction(this.db, async (trx) => {
      const values = await this.prepare(trx, input, auth);
      const now = nowIso();
      const id = await new AssessmentRepository(trx).insert({
        ...values,
        status: 'draft',
        published_at: null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      await this.writeParts(trx, id, input);
      return { id };
    });
  }

  /**
   * Claims a draft for a change in `trx`: the row is locked until the transaction ends (an
   * update's row lock on PostgreSQL, the writer lock on SQLite), so a publish waits for it.
   */
  private async claimDraft(trx: Db, id: number, auth: AuthContext) {
    await skillAssessmentAccess(trx, auth, id, 'manage');
    const moved = await new AssessmentRepository(trx).moveStatus(id, 'draft', {
      updated_at: nowIso(),
    });
    if (!moved) throw conflict('skillAssessmentNotDraft', { id });
  }

  /** A draft's every field, the sheet frozen again (a changed sheet gives a new version). */
  async update(body: UpdateSkillAssessmentBody, auth: AuthContext): Promise<void> {
    const { id, ...input } = body;
    await inTransaction(this.db, async (trx) => {
      await this.claimDraft(trx, id, auth);
      const values = await this.prepare(trx, input, auth);
      await new AssessmentRepository(trx).update(id, { ...values, updated_at: nowIso() });
      await this.writeParts(trx, id, input);
    });
  }

  async delete(id: number, auth: AuthContext): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.claimDraft(trx, id, auth);
      await new AssessmentRepository(trx).delete(id);
    });
  }

  /** A published assessment is closed: no more scoring is taken for it. */
  async close(id: number, auth: AuthContext): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await skillAssessmentAccess(trx, auth, id, 'manage');
      const now = nowIso();
      const moved = await new AssessmentRepository(trx).moveStatus(id, 'published', {
        status: 'closed',
        updated_at: now,
      });
      if (!moved) throw conflict('skillAssessmentNotPublished', { id });
    });
  }

  /** Staff holding the key an examiner (SKILLS-SCORE) or a chief or checker (SKILLS-CHECK) needs. */
  async staff(query: StaffSelectQuery): Promise<StaffOption[]> {
    const rows = await this.repo.staffHolding(query.key, query.keyword, 100);
    return rows.map((row) => ({ id: row.id, name: row.name, nickName: row.nick_name }));
  }

  async list(
    query: ListSkillAssessmentQuery,
    auth: AuthContext,
  ): Promise<{ total: number; list: SkillAssessmentListItem[] }> {
    const base = this.repo.filtered(query, visibleSkillAssessments(this.db, auth));
    const { total, ids } = await this.repo.page(base, query.limit, (query.page - 1) * query.limit);
    const rows = new Map((await this.repo.listRows(ids)).map((row) => [row.id, row]));
    return { total, list: ids.map((id) => listItemOf(rows.get(id)!)) };
  }

  async get(id: number, auth: AuthContext): Promise<SkillAssessmentView> {
    await skillAssessmentAccess(this.db, auth, id, 'read');
    const [listRow] = await this.repo.listRows([id]);
    const row = existing(await this.repo.find(id), 'skillAssessment', id);
    const version = (await this.repo.version(row.sheet_version_id))!;
    const [classes, sessions, people, seated, scheme] = await Promise.all([
      this.repo.classes(id),
      this.repo.sessions(id),
      this.repo.people([row.chief_id, row.checker_id].filter((v): v is number => v !== null)),
      this.repo.seated(id),
      row.scheme_component_id === null
        ? undefined
        : this.repo.schemeOfComponent(row.scheme_component_id),
    ]);
    const examiners = await this.repo.examiners(sessions.map((s) => s.id));
    const sessionViews = sessions.map((session) => {
      const turns = turnsOf(session, version.time_limit_minutes);
      return {
        id: session.id,
        sort: session.sort,
        startsAt: session.starts_at,
        endsAt: session.ends_at,
        place: session.place,
        stations: session.stations,
        turns,
        capacity: turns * session.stations,
        stationList: Array.from({ length: session.stations }, (_, i) => ({
          station: i + 1,
          examiners: examiners
            .filter((e) => e.session_id === session.id && e.station === i + 1)
            .map(personOf),
          candidateCount: Number(
            seated.find((s) => s.session_id === session.id && s.station === i + 1)?.n ?? 0,
          ),
        })),
      };
    });
    const person = (userId: number | null) => {
      const found = people.find((p) => p.id === userId);
      return found ? personOf(found) : null;
    };
    return {
      ...listItemOf(listRow!),
      sheetVersionId: row.sheet_version_id,
      timeLimitMinutes: version.time_limit_minutes,
      fullScore: scoreFromHundredths(version.full_score),
      schemeId: scheme?.scheme_id ?? null,
      schemeComponentId: row.scheme_component_id,
      classes: classes.map((c) => ({
        id: c.id,
        name: c.name,
        studentCount: Number(c.student_count ?? 0),
      })),
      chief: person(row.chief_id),
      checker: person(row.checker_id),
      sessions: sessionViews,
      studentCount: classes.reduce((sum, c) => sum + Number(c.student_count ?? 0), 0),
      capacity: sessionViews.reduce((sum, s) => sum + s.capacity, 0),
    };
  }
}

export type { AssessmentRow };
