import {
  ITEM_EASY,
  ITEM_GROUP_SHARE,
  ITEM_HARD,
  ITEM_LOW_DISCRIMINATION,
  Perm,
  QuestionType,
  UserType,
  scoreFromHundredths,
  type ItemAnalysisView,
  type ItemFigures,
  type MasteryRow,
  type OptionShare,
  type QuestionFigures,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { itemsFor } from '../paper/candidate-view.js';
import type { PaperSnapshot, SnapshotItem } from '../paper/paper-version.js';
import { examAccess } from '../../lib/access.js';
import { ItemAnalysisRepository, type ItemSumRow } from './item-analysis.repository.js';
import {
  cronbachAlpha,
  describe,
  flagsOf,
  groupCuts,
  inLower,
  inUpper,
  itemMoments,
  round4,
  type GroupCuts,
  type ItemSums,
  type RankedTotal,
} from './psychometrics.js';

const isChoice = (type: number) => type === QuestionType.SINGLE || type === QuestionType.MULTIPLE;
const points = (hundredths: number) => Math.round(hundredths) / 100;

/** Who sat each question: the candidates analysed, and per question its population's sums. */
interface Population {
  n: number;
  st: number;
  stt: number;
  upperN: number;
  lowerN: number;
  /** Hundredths: a drawn question takes its rule's score. */
  full: number;
}

/** A question's place in the version, numbered as the papers show it. */
interface PlacedItem {
  item: SnapshotItem;
  section: number;
  sectionTitle: string;
  number: number;
  full: number;
}

/** The fixed questions of a version, or every question a candidate may draw. */
function placedItems(snapshot: PaperSnapshot): PlacedItem[] {
  return snapshot.sections.flatMap((section, s) => {
    const items = snapshot.paper.drawPerCandidate ? section.pool : section.items;
    return items.map((item, q) => ({
      item,
      section: s + 1,
      sectionTitle: section.title.trim(),
      number: q + 1,
      full: item.score ?? 0,
    }));
  });
}

/** Sums of an exam's analysed candidates' totals, per question (drawn papers: who drew it). */
function populations(
  snapshot: PaperSnapshot,
  analysed: { attemptId: number; total: number; seed: string }[],
  cuts: GroupCuts | null,
  placed: PlacedItem[],
): Map<string, Population> {
  const byItem = new Map<string, Population>();
  const fresh = (full: number): Population => ({ n: 0, st: 0, stt: 0, upperN: 0, lowerN: 0, full });
  const add = (pop: Population, t: RankedTotal) => {
    pop.n += 1;
    pop.st += t.total;
    pop.stt += t.total * t.total;
    if (cuts && inUpper(cuts, t)) pop.upperN += 1;
    if (cuts && inLower(cuts, t)) pop.lowerN += 1;
  };
  if (!snapshot.paper.drawPerCandidate) {
    const everyone = fresh(0);
    for (const t of analysed) add(everyone, t);
    for (const { item, full } of placed) byItem.set(item.itemId, { ...everyone, full });
    return byItem;
  }
  for (const t of analysed) {
    for (const section of itemsFor(snapshot, t.seed)) {
      for (const { item, score } of section) {
        let pop = byItem.get(item.itemId);
        if (!pop) byItem.set(item.itemId, (pop = fresh(score)));
        add(pop, t);
      }
    }
  }
  return byItem;
}

/** One row per question: its groups (by stored choice) added up. */
function addUp(groups: ItemSumRow[]): Map<string, ItemSumRow> {
  const byItem = new Map<string, ItemSumRow>();
  for (const row of groups) {
    const sum = byItem.get(row.itemId);
    if (!sum) {
      byItem.set(row.itemId, { ...row, choice: null });
      continue;
    }
    sum.rows += row.rows;
    sum.answered += row.answered;
    sum.positive += row.positive;
    sum.sx += row.sx;
    sum.sxx += row.sxx;
    sum.sxt += row.sxt;
    sum.upper += row.upper;
    sum.lower += row.lower;
  }
  return byItem;
}

const sumsOf = (pop: Population, row: ItemSumRow | undefined): ItemSums => ({
  n: pop.n,
  st: pop.st,
  stt: pop.stt,
  upperN: pop.upperN,
  lowerN: pop.lowerN,
  sx: row?.sx ?? 0,
  sxx: row?.sxx ?? 0,
  sxt: row?.sxt ?? 0,
  upper: row?.upper ?? 0,
  lower: row?.lower ?? 0,
});

/** Hundredths earned and available on one question, for mastery. */
interface Earned {
  courseId: number;
  pointId: number | null;
  earned: number;
  full: number;
}

/** Kept per app: the versions' question index and the figures of released exams. */
const VERSION_CACHE_MAX = 2_000;
const RELEASED_CACHE_MAX = 50;

/** An exam as item analysis reads it (its version's snapshot with it). */
type ExamRow = NonNullable<Awaited<ReturnType<ItemAnalysisRepository['exam']>>>;
export class ItemAnalysisService {
  private readonly repo: ItemAnalysisRepository;
  /** questionId → the version's items holding it; versions never change, so this is kept. */
  private readonly versionQuestions = new Map<number, Map<number, string[]>>();
  /**
   * The figures of released exams, each with what its scores stood at (scoresVersion): checked
   * on every call, so another process's change (a withdrawal, a new mark) is never missed.
   */
  private readonly releasedFigures = new Map<number, { key: string; view: ItemAnalysisView }>();
  /** Per released exam: its questions' facility and discrimination worked out so far. */
  private readonly bankFigures = new Map<
    number,
    {
      key: string;
      drawn: boolean;
      snapshot: PaperSnapshot;
      byItem: Map<string, { n: number; facility: number | null; discrimination: number | null }>;
    }
  >();

  constructor(private readonly db: Db) {
    this.repo = new ItemAnalysisRepository(db);
  }

  /**
   * A teacher (anyone but an administrator or SUPER_ADMIN) sees an exam only when every batch of
   * it is theirs: an exam of none of their batches is not found, one of some of them refused.
   * Students never reach item analysis, whatever keys they were given.
   */
  private async checkExamAccess(auth: AuthContext, examId: number) {
    if (!auth.superAdmin && auth.user.user_type === UserType.STUDENT) throw forbidden();
    // Figures of the whole exam: every batch of it (exam-wide, as for changes).
    await examAccess(this.db, auth, examId, 'manage');
  }

  async itemAnalysis(
    examId: number,
    includeUnreleased: boolean,
    auth: AuthContext,
  ): Promise<ItemAnalysisView> {
    const exam = await this.repo.exam(examId);
    if (!exam || exam.status !== 'published' || !exam.snapshot || exam.paper_version_id === null)
      throw notFound('exam', examId);
    await this.checkExamAccess(auth, examId);
    const released = exam.released_at !== null;
    if (!released) {
      if (!includeUnreleased) throw conflict('scoresNotReleased', { id: examId });
      // Before release only the staff who handle scores may read them.
      if (!hasAnyPermission(auth, [Perm.MARKING, Perm.PUBLISH])) throw forbidden();
    }
    return released ? this.releasedView(exam, examId) : this.compute(exam, examId, false);
  }

  /** Works out a released exam's figures and keeps them (right after the release). */
  async warm(examId: number): Promise<void> {
    const exam = await this.repo.exam(examId);
    if (!exam || exam.status !== 'published' || !exam.snapshot || exam.released_at === null) return;
    await this.releasedView(exam, examId);
  }

  /**
   * Released scores stand still: the figures are kept until the release or a score changes, in
   * memory and in the database (item_analysis_figures), so that another process and this one
   * after a restart read them back whole instead of scanning every answer again.
   */
  private async releasedView(exam: ExamRow, examId: number): Promise<ItemAnalysisView> {
    const key = `${exam.released_at}/${await this.repo.scoresVersion(examId)}`;
    const kept = await this.keptView(examId, key);
    if (kept) return kept;
    const view = await this.compute(exam, examId, true);
    await this.repo.keepFigures(examId, key, JSON.stringify(view), nowIso());
    this.remember(examId, key, view);
    return view;
  }

  /** The released exam's figures for `key`: from memory, else from the database. */
  private async keptView(examId: number, key: string): Promise<ItemAnalysisView | undefined> {
    const kept = this.releasedFigures.get(examId);
    if (kept && kept.key === key) return kept.view;
    const stored = await this.repo.keptFigures(examId, key);
    if (stored === undefined) return undefined;
    const view = parseJson<ItemAnalysisView | null>(stored, null);
    if (view === null) return undefined;
    this.remember(examId, key, view);
    return view;
  }

  private remember(examId: number, key: string, view: ItemAnalysisView) {
    this.releasedFigures.delete(examId);
    if (this.releasedFigures.size >= RELEASED_CACHE_MAX) {
      this.releasedFigures.delete(this.releasedFigures.keys().next().value!);
    }
    this.releasedFigures.set(examId, { key, view });
  }

  private async compute(
    exam: ExamRow,
    examId: number,
    released: boolean,
  ): Promise<ItemAnalysisView> {
    const snapshot = parseJson<PaperSnapshot | null>(exam.snapshot!, null);
    if (!snapshot) throw notFound('exam', examId);

    const candidates = await this.repo.candidates([examId]);
    const analysed: { attemptId: number; total: number; seed: string }[] = [];
    let absent = 0;
    let pending = 0;
    for (const row of candidates) {
      if (row.attemptId === null || row.finished_at === null) absent += 1;
      else if (row.score === null) pending += 1;
      else analysed.push({ attemptId: row.attemptId, total: row.score, seed: row.seed ?? '' });
    }
    const cuts = groupCuts(analysed);
    const placed = placedItems(snapshot);
    const pops = populations(snapshot, analysed, cuts, placed);
    const choiceIds = placed.filter((p) => isChoice(p.item.type)).map((p) => p.item.itemId);
    const picks = new Map<string, Map<string, number>>();
    const answeredChoice = new Map<string, number>();
    const groups = await this.repo.itemSums(examId, cuts, { choiceIds });
    for (const row of groups) {
      if (row.choice === null) continue;
      const value = parseJson<unknown>(row.choice, '');
      if (typeof value !== 'string' || value.trim() === '') continue;
      answeredChoice.set(row.itemId, (answeredChoice.get(row.itemId) ?? 0) + row.rows);
      const counts = picks.get(row.itemId) ?? new Map<string, number>();
      for (const key of new Set(value)) counts.set(key, (counts.get(key) ?? 0) + row.rows);
      picks.set(row.itemId, counts);
    }
    const sums = addUp(groups);

    const items: ItemFigures[] = [];
    const variances: number[] = [];
    const facilities: number[] = [];
    const earned: Earned[] = [];
    let dichotomous = !snapshot.paper.drawPerCandidate;
    const fulls = new Set<number>();
    for (const p of placed) {
      const pop = pops.get(p.item.itemId);
      // A pool question nobody drew is not part of this exam's figures.
      if (!pop || (snapshot.paper.drawPerCandidate && pop.n === 0)) continue;
      const row = sums.get(p.item.itemId);
      const moments = itemMoments(sumsOf(pop, row), pop.full);
      variances.push(moments.variance);
      facilities.push(moments.facility ?? 0);
      earned.push({
        courseId: p.item.courseId,
        pointId: p.item.pointId,
        earned: row?.sx ?? 0,
        full: pop.full * pop.n,
      });
      fulls.add(pop.full);
      if (row && (row.sx !== row.positive * pop.full || pop.full <= 0)) dichotomous = false;
      const choice = isChoice(p.item.type);
      const counts = picks.get(p.item.itemId);
      const options: OptionShare[] | null = choice
        ? p.item.options.map((option) => {
            const count = counts?.get(option.key) ?? 0;
            return {
              key: option.key,
              correct: option.correct,
              count,
              share: round4(pop.n > 0 ? count / pop.n : 0) ?? 0,
            };
          })
        : null;
      const answered = choice ? (answeredChoice.get(p.item.itemId) ?? 0) : (row?.answered ?? 0);
      items.push({
        itemId: p.item.itemId,
        questionId: p.item.questionId,
        section: p.section,
        sectionTitle: p.sectionTitle,
        number: p.number,
        type: p.item.type,
        courseId: p.item.courseId,
        pointId: p.item.pointId,
        fullScore: scoreFromHundredths(pop.full),
        candidates: pop.n,
        answered,
        mean: round4(moments.mean / 100) ?? 0,
        sd: round4(Math.sqrt(moments.variance) / 100) ?? 0,
        facility: round4(moments.facility),
        discrimination: round4(moments.discrimination),
        itemRest: round4(moments.itemRest),
        options,
        omitted: choice ? pop.n - answered : 0,
        flags: flagsOf(moments.facility, moments.discrimination),
      });
    }

    const totals = Float64Array.from(analysed, (t) => t.total).sort();
    const stats = describe(totals);
    const alpha =
      snapshot.paper.drawPerCandidate || stats.variance === null
        ? null
        : cronbachAlpha(variances, stats.variance);
    let kr20: number | null = null;
    if (dichotomous && items.length >= 2 && stats.variance !== null && analysed.length > 0) {
      // Right/wrong counts: the same as alpha when every question is worth the same.
      let countVariance: number;
      if (fulls.size === 1) {
        const full = [...fulls][0]!;
        countVariance = stats.variance / (full * full);
      } else {
        const right = new Map(
          (await this.repo.rightCounts(examId)).map((r) => [r.attemptId, r.count]),
        );
        const counts = Float64Array.from(analysed, (t) => right.get(t.attemptId) ?? 0).sort();
        countVariance = describe(counts).variance ?? 0;
      }
      const pq = facilities.map((p) => p * (1 - p));
      kr20 = cronbachAlpha(pq, countVariance);
    }
    // The SEM is of the reported (weighted) total, whose reliability is alpha; KR-20 is that of
    // the count of right answers, the same number only when every question is worth the same.
    const reliability = alpha ?? kr20;
    const sd = stats.variance === null ? null : Math.sqrt(stats.variance);
    const sem =
      sd === null || reliability === null ? null : sd * Math.sqrt(Math.max(0, 1 - reliability));

    const { courses, points: pointRows } = await this.mastery(earned);
    return {
      examId,
      examName: exam.name,
      paperVersionId: exam.paper_version_id!,
      released,
      includesUnreleased: !released,
      drawnPerCandidate: snapshot.paper.drawPerCandidate,
      candidates: { total: candidates.length, absent, pending, analysed: analysed.length },
      test: {
        fullScore: scoreFromHundredths(snapshot.total),
        mean: stats.mean === null ? null : round4(stats.mean / 100),
        median: stats.median === null ? null : points(stats.median),
        sd: sd === null ? null : round4(sd / 100),
        alpha: round4(alpha),
        kr20: round4(kr20),
        sem: sem === null ? null : round4(sem / 100),
        questions: items.length,
      },
      thresholds: {
        easy: ITEM_EASY,
        hard: ITEM_HARD,
        lowDiscrimination: ITEM_LOW_DISCRIMINATION,
        groupShare: ITEM_GROUP_SHARE,
      },
      items,
      courses,
      points: pointRows,
    };
  }

  /** Σ points earned / Σ points available, per course and per appraisal point. */
  private async mastery(earned: Earned[]) {
    type Sums = { earned: number; full: number; questions: number };
    const add = (map: Map<number, Sums>, id: number, e: Earned) => {
      const row = map.get(id) ?? { earned: 0, full: 0, questions: 0 };
      row.earned += e.earned;
      row.full += e.full;
      row.questions += 1;
      map.set(id, row);
    };
    const byCourse = new Map<number, Sums>();
    const byPoint = new Map<number, Sums>();
    for (const e of earned) {
      add(byCourse, e.courseId, e);
      if (e.pointId !== null) add(byPoint, e.pointId, e);
    }
    const known = new Map(
      (await this.repo.knowledge([...byCourse.keys(), ...byPoint.keys()])).map((k) => [k.id, k]),
    );
    const rows = (map: Map<number, Sums>): MasteryRow[] =>
      [...map].map(([id, sums]) => {
        const k = known.get(id);
        return {
          id,
          code: k?.code ?? '',
          name: k?.name ?? '',
          importance: k?.type === 'kn' ? (k.importance ?? null) : null,
          questions: sums.questions,
          mastery: sums.full > 0 ? round4(sums.earned / sums.full) : null,
        };
      });
    return { courses: rows(byCourse), points: rows(byPoint) };
  }

  /** questionId → item ids of each version, read once per version (versions are immutable). */
  private async questionsOfVersions(versionIds: number[]) {
    const missing = versionIds.filter((id) => !this.versionQuestions.has(id));
    for (const row of await this.repo.snapshots(missing)) {
      const snapshot = parseJson<PaperSnapshot | null>(row.snapshot, null);
      const index = new Map<number, string[]>();
      for (const section of snapshot?.sections ?? []) {
        for (const item of [...section.items, ...section.pool]) {
          index.set(item.questionId, [...(index.get(item.questionId) ?? []), item.itemId]);
        }
      }
      if (this.versionQuestions.size >= VERSION_CACHE_MAX) this.versionQuestions.clear();
      this.versionQuestions.set(row.id, index);
    }
    return this.versionQuestions;
  }

  /**
   * Facility and discrimination of some questions of a released exam: kept per exam while its
   * scores stand still (as the exam's figures are), so that paging through the question list
   * reads each exam's answers at most once per question; what itemAnalysis already worked out is
   * taken from its kept figures. Null when the version cannot be read.
   */
  private async knownFigures(examId: number, releasedAt: string, itemIds: string[]) {
    const key = `${releasedAt}/${await this.repo.scoresVersion(examId)}`;
    let entry = this.bankFigures.get(examId);
    if (!entry || entry.key !== key) {
      const version = (await this.repo.exam(examId))?.snapshot;
      const snapshot = parseJson<PaperSnapshot | null>(version ?? '', null);
      if (!snapshot) return null;
      entry = { key, drawn: snapshot.paper.drawPerCandidate, snapshot, byItem: new Map() };
      this.bankFigures.delete(examId);
      if (this.bankFigures.size >= RELEASED_CACHE_MAX)
        this.bankFigures.delete(this.bankFigures.keys().next().value!);
      this.bankFigures.set(examId, entry);
    }
    // The exam's item analysis, worked out by any process, holds every question's figures.
    const kept = itemIds.some((id) => !entry.byItem.has(id))
      ? await this.keptView(examId, key)
      : undefined;
    if (kept) {
      for (const item of kept.items) {
        entry.byItem.set(item.itemId, {
          n: item.candidates,
          facility: item.facility,
          discrimination: item.discrimination,
        });
      }
    }
    const missing = itemIds.filter((id) => !entry.byItem.has(id));
    if (missing.length > 0) {
      const analysed = (await this.repo.candidates([examId]))
        .filter((row) => row.attemptId !== null && row.finished_at !== null && row.score !== null)
        .map((row) => ({ attemptId: row.attemptId!, total: row.score!, seed: row.seed ?? '' }));
      const cuts = groupCuts(analysed);
      const wanted = new Set(missing);
      const placed = placedItems(entry.snapshot).filter((p) => wanted.has(p.item.itemId));
      const pops = populations(entry.snapshot, analysed, cuts, placed);
      const sums = addUp(await this.repo.itemSums(examId, cuts, { itemIds: missing }));
      for (const itemId of missing) {
        const pop = pops.get(itemId);
        if (!pop) {
          entry.byItem.set(itemId, { n: 0, facility: null, discrimination: null });
          continue;
        }
        const m = itemMoments(sumsOf(pop, sums.get(itemId)), pop.full);
        entry.byItem.set(itemId, {
          n: pop.n,
          facility: m.facility,
          discrimination: m.discrimination,
        });
      }
    }
    return entry;
  }

  /**
   * Per bank question: released exams whose version holds it, and its facility and
   * discrimination there, weighted by the candidates who sat it. Two grouped reads per exam that
   * used one of the questions (restricted to those questions' answers), whatever the page size.
   */
  async questionFigures(questionIds: number[]): Promise<QuestionFigures[]> {
    const exams = await this.repo.releasedExams();
    const index = await this.questionsOfVersions(exams.map((e) => e.paper_version_id!));
    const wanted = new Set(questionIds);
    const acc = new Map(
      questionIds.map((id) => [id, { used: 0, n: 0, facility: 0, fn: 0, disc: 0, dn: 0 }]),
    );
    const relevant = exams
      .map((exam) => {
        const byQuestion = index.get(exam.paper_version_id!);
        const itemIds = new Map<string, number>();
        for (const id of wanted)
          for (const itemId of byQuestion?.get(id) ?? []) itemIds.set(itemId, id);
        return { exam, itemIds };
      })
      .filter((e) => e.itemIds.size > 0);
    if (relevant.length === 0) return questionIds.map((id) => this.figure(id, acc.get(id)!));

    for (const { exam, itemIds } of relevant) {
      const known = await this.knownFigures(exam.id, exam.released_at!, [...itemIds.keys()]);
      if (!known) continue;
      const usedHere = new Set<number>();
      for (const [itemId, questionId] of itemIds) {
        const figure = known.byItem.get(itemId);
        // A fixed question was used by the exam; a pool question only when someone drew it.
        if (!known.drawn) usedHere.add(questionId);
        if (!figure || figure.n === 0) continue;
        usedHere.add(questionId);
        const a = acc.get(questionId)!;
        a.n += figure.n;
        if (figure.facility !== null) {
          a.facility += figure.facility * figure.n;
          a.fn += figure.n;
        }
        if (figure.discrimination !== null) {
          a.disc += figure.discrimination * figure.n;
          a.dn += figure.n;
        }
      }
      for (const id of usedHere) acc.get(id)!.used += 1;
    }
    return questionIds.map((id) => this.figure(id, acc.get(id)!));
  }

  private figure(
    questionId: number,
    a: { used: number; n: number; facility: number; fn: number; disc: number; dn: number },
  ): QuestionFigures {
    return {
      questionId,
      timesUsed: a.used,
      candidates: a.n,
      facility: a.fn > 0 ? round4(a.facility / a.fn) : null,
      discrimination: a.dn > 0 ? round4(a.disc / a.dn) : null,
    };
  }
}
