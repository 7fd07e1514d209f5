import {
  CERT_LEVEL_NAMES,
  ENTITY_NAMES,
  PaperAudit,
  scoreFromHundredths,
  type CertLevel,
  type ExamChangeView,
  type ExamInput,
  type ExamListItem,
  type ExamPublishCheck,
  type ExamPublishOptions,
  type ExamState,
  type ExamView,
  type ListExamQuery,
  type MakeUpWho,
  type UpdateExamBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import { DeadlineNews, recomputeDeadlines, type DeadlineChange } from '../attempt/deadlines.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { writePaperVersion } from '../paper/paper-version.js';
import { StudentRepository } from '../base/student.repository.js';
import { PaperRepository } from '../paper/paper.repository.js';
import { ClassesRepository, visibleClassIds } from '../school/classes.repository.js';
import { SubjectRepository } from '../school/subject.repository.js';
import { CandidateRepository } from './candidate.repository.js';
import { ExamNoticeRepository } from './exam-notice.repository.js';
import { classAccess, examAccess, visibleExams } from '../../lib/access.js';
import {
  OPEN_CHANGEABLE,
  checkNotOver,
  checkWindow,
  columnsOf,
  differences,
  fieldList,
  inputOf,
  type PaperFacts,
} from './exam-fields.js';
import { schemeComponentFor, schemeIdOf } from './exam-scheme.js';
import { OverlapRepository } from './overlap.repository.js';
import { ExamRepository, examState, type ExamRow, type ExamValues } from './exam.repository.js';

/** Exams: drafts, publishing with candidates, the edits each state allows, and the record. */
export class ExamService {
  private readonly exams: ExamRepository;

  constructor(
    private readonly db: Db,
    private readonly postgres: boolean,
    /** Tells running exam pages when closing later or extra time moved their deadline. */
    readonly deadlineNews = new DeadlineNews(),
  ) {
    this.exams = new ExamRepository(db);
  }

  /**
   * Locks the exam's row until the transaction `trx` ends, so that two changes to one exam (two
   * publishes, a publish and an edit) run one after the other. SQLite's writer lock does this.
   */
  async lock(trx: Db, id: number): Promise<void> {
    if (this.postgres) {
      await new ExamRepository(trx).lock(id);
    }
  }

  /** The batch ids `auth` may use, or null for every batch. */
  async ownClasses(auth: AuthContext, db: Db = this.db): Promise<Set<number> | null> {
    // Inside a transaction `db` must be it: SQLite's one connection is held by the transaction.
    const scope = visibleClassIds(db, auth);
    if (!scope) return null;
    const rows = await scope.execute();
    return new Set(rows.map((row) => row.class_id));
  }

  /** A teacher may touch an exam only when every batch of it is theirs (lib/access). */
  async checkOwnExam(auth: AuthContext, examId: number, db: Db = this.db) {
    await examAccess(db, auth, examId, 'manage');
  }

  /** An exam `auth` may see, or 10003 (a teacher does not learn that others' exams exist). */
  async visibleExam(auth: AuthContext, id: number, db: Db = this.db): Promise<ExamRow> {
    await examAccess(db, auth, id, 'read');
    const row = await new ExamRepository(db).find(id);
    if (!row) throw notFound('exam', id);
    return row;
  }

  /**
   * The rules between an exam and what it names: a passed paper; existing batches of the paper's
   * job type and level, and the teacher's own; a notice that is enabled and for that job type.
   * Answers the paper's job type and level.
   *
   * `frozen`: a published exam keeping its paper sits the version it froze, whose job type, level
   * and pass score it holds; an edit that has since sent the paper back to review (or moved it to
   * another job type) concerns later exams only, so the exam is checked against what it froze.
   */
  async checkReferences(
    db: Db,
    input: ExamInput,
    auth: AuthContext,
    frozen?: PaperFacts,
  ): Promise<PaperFacts> {
    const current = await new PaperRepository(db).find(input.paperId);
    if (!current) {
      throw invalid('paperId', 'notFound', { entity: ENTITY_NAMES.paper, id: input.paperId });
    }
    if (!frozen && current.audit_status !== PaperAudit.PASSED) {
      throw conflict('paperNotPassed', { id: input.paperId }, 'paperId');
    }
    const paper = frozen
      ? {
          subject_id: frozen.subjectId,
          level: frozen.level,
          pass_score: frozen.passScore,
          subject_name: (await new SubjectRepository(db).findById(frozen.subjectId))!.name,
        }
      : current;
    const classes = await new ClassesRepository(db).forExam(input.classIds);
    const missing = input.classIds.find((id) => !classes.some((row) => row.id === id));
    if (missing !== undefined) {
      throw invalid('classIds', 'notFound', { entity: ENTITY_NAMES.classes, id: missing });
    }
    for (const row of classes) {
      if (row.subject_id !== paper.subject_id || row.level !== paper.level) {
        throw invalid('classIds', 'examClassOtherSubject', {
          name: row.name,
          subject: row.subject_name,
          level: CERT_LEVEL_NAMES[row.level as CertLevel] ?? String(row.level),
          paperSubject: paper.subject_name,
          paperLevel: CERT_LEVEL_NAMES[paper.level as CertLevel] ?? String(paper.level),
        });
      }
    }
    const own = await this.ownClasses(auth, db);
    if (own) {
      const foreign = classes.find((row) => !own.has(row.id));
      if (foreign) throw forbidden('examClassNotYours', { name: foreign.name });
    }
    if (input.instructionId !== null) {
      const notices = new ExamNoticeRepository(db);
      const notice = await notices.find(input.instructionId);
      if (!notice) {
        throw invalid('instructionId', 'notFound', {
          entity: ENTITY_NAMES.instruction,
          id: input.instructionId,
        });
      }
      if (notice.enabled !== 1) {
        throw invalid('instructionId', 'examInstructionDisabled', { title: notice.title });
      }
      if (notice.all_subjects !== 1) {
        const scoped = await notices.namesSubject(notice.id, paper.subject_id);
        if (!scoped) {
          throw invalid('instructionId', 'examInstructionOtherSubject', {
            title: notice.title,
            subject: paper.subject_name,
          });
        }
      }
    }
    const schemeComponentId = await schemeComponentFor(db, input.schemeId, paper, this.postgres);
    return {
      subjectId: paper.subject_id,
      level: paper.level,
      passScore: paper.pass_score,
      schemeComponentId,
    };
  }

  async add(input: ExamInput, auth: AuthContext): Promise<{ id: number }> {
    checkWindow(input);
    return inTransaction(this.db, async (trx) => {
      const paper = await this.checkReferences(trx, input, auth);
      const repo = new ExamRepository(trx);
      const now = nowIso();
      const id = await repo.insert({
        ...columnsOf(input, paper),
        status: 'draft',
        paper_version_id: null,
        make_up_of: null,
        make_up_who: null,
        published_at: null,
        released_at: null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      await repo.setClasses(id, input.classIds);
      await repo.record(id, auth.user.id, 'create', { name: input.name }, now);
      return { id };
    });
  }

  /**
   * Before opening everything may change (a published exam's candidates follow its batches, and
   * another paper is frozen anew); once open only a later closing time and more batches; once
   * closed nothing. Every change is recorded, field by field.
   */
  async update(body: UpdateExamBody, auth: AuthContext): Promise<void> {
    const { id, ...input } = body;
    let moved: DeadlineChange[] = [];
    await inTransaction(this.db, async (trx) => {
      const repo = new ExamRepository(trx);
      await this.lock(trx, id);
      const row = await this.visibleExam(auth, id, trx);
      await this.checkOwnExam(auth, id, trx);
      const now = nowIso();
      const state = examState(row, now);
      const classIds = await repo.classIds(id);
      const changed = differences(inputOf(row, classIds, await schemeIdOf(trx, row)), input);
      if (Object.keys(changed).length === 0) return;
      if (state === 'closed' || state === 'released') {
        throw conflict('examClosed', { id, endAt: row.end_at });
      }
      if (state === 'open') {
        const frozen = (Object.keys(changed) as (keyof ExamInput)[]).filter(
          (field) =>
            !OPEN_CHANGEABLE.has(field) ||
            (field === 'endAt' && input.endAt < row.end_at) ||
            (field === 'classIds' && classIds.some((classId) => !input.classIds.includes(classId))),
        );
        if (frozen.length > 0) {
          throw conflict('examOpenFrozen', { id, fields: fieldList(frozen) });
        }
      }
      checkWindow(input);
      if (row.status === 'published') checkNotOver(input.endAt, now);
      const frozen =
        row.status === 'published' && input.paperId === row.paper_id
          ? { subjectId: row.subject_id, level: row.level, passScore: row.pass_score }
          : undefined;
      const paper = await this.checkReferences(trx, input, auth, frozen);
      const values: Partial<ExamValues> = {
        ...columnsOf(input, paper),
        updated_at: now,
      };
      if (row.status === 'published') {
        // The pass score stays the frozen version's unless another paper is frozen now.
        if (changed.paperId) {
          values.paper_version_id = (await writePaperVersion(trx, input.paperId, auth.user.id)).id;
        } else {
          delete values.pass_score;
        }
      }
      await repo.update(id, values);
      if (changed.classIds) {
        await repo.setClasses(id, input.classIds);
        if (row.status === 'published') {
          const dropped = classIds.filter((classId) => !input.classIds.includes(classId));
          await repo.removeClassCandidates(id, dropped);
          const added = input.classIds.filter((classId) => !classIds.includes(classId));
          await repo.addClassCandidates(id, added, now);
        }
      }
      await repo.record(id, auth.user.id, 'update', changed, now);
      if (state === 'open') moved = await recomputeDeadlines(trx, id);
    });
    this.deadlineNews.publish(moved);
  }

  /**
   * Freezes the paper as a version and writes one candidate row per enabled student of the
   * batches, in one transaction; answers the candidates and the overlap warnings.
   */
  async publish(id: number, auth: AuthContext): Promise<ExamPublishCheck> {
    await inTransaction(this.db, async (trx) => {
      const repo = new ExamRepository(trx);
      await this.lock(trx, id);
      const row = await this.visibleExam(auth, id, trx);
      await this.checkOwnExam(auth, id, trx);
      if (row.status === 'published') throw conflict('examAlreadyPublished', { id });
      const input = inputOf(row, await repo.classIds(id), await schemeIdOf(trx, row));
      const now = nowIso();
      checkWindow(input);
      checkNotOver(input.endAt, now);
      const paper = await this.checkReferences(trx, input, auth);
      const version = await writePaperVersion(trx, row.paper_id, auth.user.id);
      await repo.addClassCandidates(id, input.classIds, now);
      const candidates = await repo.candidateCount(id);
      if (candidates === 0) throw invalid('classIds', 'examNoCandidates');
      await repo.update(id, {
        status: 'published',
        paper_version_id: version.id,
        pass_score: paper.passScore,
        published_at: now,
        updated_at: now,
      });
      await repo.record(
        id,
        auth.user.id,
        'publish',
        { paperVersionId: version.id, candidates },
        now,
      );
    });
    return this.check(id, auth);
  }

  /** Who the exam is (or would be, for a draft) for, and who already sits an overlapping exam. */
  async check(id: number, auth: AuthContext): Promise<ExamPublishCheck> {
    const row = await this.visibleExam(auth, id);
    const classIds = await this.exams.classIds(id);
    const published = row.status === 'published';
    const counted = published
      ? await new CandidateRepository(this.db).countByClass(id)
      : await new StudentRepository(this.db).countEnabledByClass(classIds);
    const names = await new ClassesRepository(this.db).forExam([
      ...new Set([...classIds, ...counted.map((c) => c.class_id)]),
    ]);
    const classes = names.map((c) => ({
      id: c.id,
      name: c.name,
      candidateCount: Number(counted.find((n) => n.class_id === c.id)?.n ?? 0),
    }));
    const overlaps = await new OverlapRepository(this.db).of({
      examId: id,
      startAt: row.start_at,
      endAt: row.end_at,
      students: published ? { candidatesOf: id } : { classIds },
    });
    return {
      candidateCount: classes.reduce((sum, c) => sum + c.candidateCount, 0),
      classes,
      ...overlaps,
    };
  }

  async unpublish(id: number, auth: AuthContext): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const repo = new ExamRepository(trx);
      await this.lock(trx, id);
      const row = await this.visibleExam(auth, id, trx);
      await this.checkOwnExam(auth, id, trx);
      if (row.status !== 'published') throw conflict('examNotPublished', { id });
      // Candidates may be reading the notice or about to press Start: the exam stays.
      if (examState(row, nowIso()) === 'open') {
        throw conflict('examOpenNoUnpublish', { id, endAt: row.end_at });
      }
      const started = await repo.startedCount(id);
      if (started > 0) throw conflict('examStartedNoUnpublish', { id, count: started });
      const makeUps = await repo.makeUpCount(id);
      if (makeUps > 0) throw conflict('examHasMakeUps', { id, count: makeUps });
      const now = nowIso();
      await repo.removeClassCandidates(id, 'all');
      await repo.update(id, {
        status: 'draft',
        paper_version_id: null,
        published_at: null,
        updated_at: now,
      });
      // Nothing was sat from the version: it goes, so the paper can be deleted again.
      if (row.paper_version_id !== null) await repo.deleteUnusedVersion(row.paper_version_id);
      await repo.record(id, auth.user.id, 'unpublish', {}, now);
    });
  }

  async delete(id: number, auth: AuthContext): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const repo = new ExamRepository(trx);
      await this.lock(trx, id);
      const row = await this.visibleExam(auth, id, trx);
      await this.checkOwnExam(auth, id, trx);
      if (examState(row, nowIso()) === 'open') {
        throw conflict('examOpenNoDelete', { id, endAt: row.end_at });
      }
      const started = await repo.startedCount(id);
      if (started > 0) throw conflict('examStartedNoDelete', { id, count: started });
      const makeUps = await repo.makeUpCount(id);
      if (makeUps > 0) throw conflict('examHasMakeUps', { id, count: makeUps });
      await repo.delete(id);
      if (row.paper_version_id !== null) await repo.deleteUnusedVersion(row.paper_version_id);
      await repo.record(id, auth.user.id, 'delete', { name: row.name }, nowIso());
    });
  }

  async list(
    query: ListExamQuery,
    auth: AuthContext,
  ): Promise<{ total: number; list: ExamListItem[] }> {
    if (query.classId !== undefined) await classAccess(this.db, auth, query.classId);
    const now = nowIso();
    const base = this.exams.filtered(query, now, visibleExams(this.db, auth));
    const { total, ids } = await this.exams.page(base, query.limit, (query.page - 1) * query.limit);
    const rows = await this.exams.listRows(ids);
    const classes = await this.exams.classesByExam(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      total,
      list: ids.map((examId) => listItemOf(byId.get(examId)!, classes.get(examId) ?? [], now)),
    };
  }

  async get(id: number, auth: AuthContext): Promise<ExamView> {
    await this.visibleExam(auth, id);
    const now = nowIso();
    const [row] = await this.exams.listRows([id]);
    const classes = (await this.exams.classesByExam([id])).get(id) ?? [];
    const item = listItemOf(row!, classes, now);
    const figures = await this.exams.figures(row!);
    const makeUps = await this.exams.makeUps(id);
    const instruction =
      row!.instruction_id === null
        ? null
        : await new ExamNoticeRepository(this.db).title(row!.instruction_id);
    const input = inputOf(
      row!,
      classes.map((c) => c.id),
      await schemeIdOf(this.db, row!),
    );
    return {
      ...item,
      instructionId: row!.instruction_id,
      instructionTitle: instruction?.title ?? null,
      lateEntryMinutes: input.lateEntryMinutes,
      minSubmitMinutes: input.minSubmitMinutes,
      shuffleQuestions: input.shuffleQuestions,
      shuffleOptions: input.shuffleOptions,
      multipleScoring: input.multipleScoring,
      partialShare: input.partialShare,
      showResult: input.showResult,
      allowReview: input.allowReview,
      leaveLimit: input.leaveLimit,
      fullscreen: input.fullscreen,
      applyAccommodations: input.applyAccommodations,
      requireCheckIn: input.requireCheckIn,
      holdUntilRoomStart: input.holdUntilRoomStart,
      takeover: input.takeover,
      ipAllowList: input.ipAllowList,
      accessCode: input.accessCode,
      schemeId: input.schemeId,
      total: scoreFromHundredths(figures.total),
      passScore: scoreFromHundredths(figures.passScore),
      questionCount: figures.questionCount,
      publishedAt: row!.published_at,
      releasedAt: row!.released_at,
      makeUps: makeUps.map((m) => ({
        id: m.id,
        name: m.name,
        who: m.make_up_who as MakeUpWho,
        candidateCount: Number(m.candidate_count ?? 0),
      })),
      editable: editableIn(item.state),
    };
  }

  /** The passed papers, enabled notices and the caller's batches the publish form offers. */
  async options(auth: AuthContext): Promise<ExamPublishOptions> {
    const papers = await new PaperRepository(this.db).passed();
    const noticeRepo = new ExamNoticeRepository(this.db);
    const notices = await noticeRepo.enabled();
    const scoped = await noticeRepo.subjectLinks();
    const classes = await new ClassesRepository(this.db).withEnabledCount(
      visibleClassIds(this.db, auth),
    );
    return {
      papers: papers.map((row) => ({
        id: row.id,
        name: row.name,
        subjectId: row.subject_id,
        subjectName: row.subject_name,
        level: row.level as CertLevel,
        passScore: scoreFromHundredths(row.pass_score),
        durationMinutes: row.duration_minutes,
      })),
      instructions: notices.map((row) => ({
        id: row.id,
        title: row.title,
        allSubjects: row.all_subjects === 1,
        subjectIds: scoped
          .filter((link) => link.instruction_id === row.id)
          .map((link) => link.subject_id),
      })),
      classes: classes.map((row) => ({
        id: row.id,
        name: row.name,
        code: row.code,
        subjectId: row.subject_id,
        level: row.level as CertLevel,
        studentCount: Number(row.student_count ?? 0),
        examStart: row.exam_start,
        examEnd: row.exam_end,
      })),
    };
  }

  async changes(id: number, auth: AuthContext): Promise<ExamChangeView[]> {
    await this.visibleExam(auth, id);
    const rows = await this.exams.changes(id);
    return rows.map((row) => ({
      id: row.id,
      at: row.created_at,
      userId: row.user_id,
      userName: row.nick_name || row.login || String(row.user_id),
      action: row.action,
      detail: parseJson<Record<string, unknown>>(row.detail, {}),
    }));
  }
}

/** What may change in a state: everything, the open exam's few things, or nothing. */
const editableIn = (state: ExamState): ExamView['editable'] =>
  state === 'draft' || state === 'upcoming' ? 'all' : state === 'open' ? 'open' : 'none';

type ListRow = Awaited<ReturnType<ExamRepository['listRows']>>[number];

function listItemOf(
  row: ListRow,
  classes: { id: number; name: string; code: string }[],
  now: string,
): ExamListItem {
  return {
    id: row.id,
    name: row.name,
    state: examState(row, now),
    paperId: row.paper_id,
    paperName: row.paper_name,
    paperVersionId: row.paper_version_id,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    level: row.level as CertLevel,
    classes,
    startAt: row.start_at,
    endAt: row.end_at,
    durationMinutes: row.duration_minutes,
    candidateCount: Number(row.candidate_count ?? 0),
    makeUpOf:
      row.make_up_of === null
        ? null
        : {
            id: row.make_up_of,
            name: row.original_name ?? '',
            who: row.make_up_who as MakeUpWho,
          },
    createdBy: row.created_by,
    createdByName: row.creator_nick || row.creator_login || String(row.created_by),
    updatedAt: row.updated_at,
  };
}
