import {
  scoreToHundredths,
  type BoxPlotView,
  type ClassRankingQuery,
  type ClassRankingView,
  type ExportClassRankingQuery,
  type RankingRow,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { readPaperVersion } from '../paper/paper-version.js';
import {
  ascending,
  competitionRanks,
  fiveNumbers,
  histogram,
  points,
  pointsOrNull,
} from './quantiles.js';
import { ABSENT_STATUSES, type CandidateRow, type ExamFacts } from './statistics.repository.js';
import { StatisticsAccess, examView, secondsBetween } from './statistics.service.js';

/**
 * A paper's sections (title, total in hundredths): versions never change, so kept per process and
 * database (tests run many databases in one process, where version ids repeat).
 */
const sectionCaches = new WeakMap<Db, Map<number, { title: string; total: number }[]>>();
const SECTION_CACHE_SIZE = 200;

async function sectionsOf(db: Db, versionId: number) {
  let sectionCache = sectionCaches.get(db);
  if (!sectionCache) sectionCaches.set(db, (sectionCache = new Map()));
  const cached = sectionCache.get(versionId);
  if (cached) return cached;
  const snapshot = await readPaperVersion(db, versionId);
  const sections = snapshot.sections.map((section) => ({
    title: section.title,
    total:
      section.items.reduce((sum, item) => sum + (item.score ?? 0), 0) +
      (snapshot.paper.drawPerCandidate
        ? section.rules.reduce((sum, rule) => sum + rule.count * scoreToHundredths(rule.score), 0)
        : 0),
  }));
  if (sectionCache.size >= SECTION_CACHE_SIZE) {
    sectionCache.delete(sectionCache.keys().next().value!);
  }
  sectionCache.set(versionId, sections);
  return sections;
}

/** Names and batches in the user's order of letters; one collator (localeCompare builds one each call). */
const collator = new Intl.Collator();
/** Ticket numbers and ISO instants: plain code-unit order. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A candidate as the ranking works on them, scores in hundredths. */
interface Ranked {
  row: CandidateRow;
  score: number | null;
  absent: boolean;
  rank: number | null;
  classRank: number | null;
  timeUsed: number | null;
}

export interface RankingTable {
  exam: ExamFacts;
  view: Omit<ClassRankingView, 'list' | 'total'>;
  rows: Ranked[];
}

const SORT_KEYS: Record<
  ClassRankingQuery['sort'],
  { key: (r: Ranked) => number | string | null; order: 'asc' | 'desc' }
> = {
  rank: { key: (r) => r.rank, order: 'asc' },
  score: { key: (r) => r.score, order: 'desc' },
  ticketNumber: { key: (r) => r.row.ticket_number, order: 'asc' },
  name: { key: (r) => r.row.name, order: 'asc' },
  className: { key: (r) => r.row.class_name, order: 'asc' },
  timeUsed: { key: (r) => r.timeUsed, order: 'asc' },
  submittedAt: { key: (r) => r.row.finished_at, order: 'asc' },
};

/**
 * Ranking per batch (docs/features/analysis.md). The exam's candidates (the batch asked for, else every batch
 * the user reads) are read in one query and ranked in memory: 1, 2, 2, 4 over the total among
 * those with a score, in the batch asked for or else the whole of what the user reads, and
 * within each candidate's own batch. Absent candidates and scores not yet known have no rank and
 * sort last whatever the order. Search narrows the rows, never the ranks or the figures.
 */
export class RankingService {
  private readonly access: StatisticsAccess;

  constructor(private readonly db: Db) {
    this.access = new StatisticsAccess(db);
  }

  async table(query: ExportClassRankingQuery, auth: AuthContext): Promise<RankingTable> {
    const { exam, classIds } = await this.access.exam(query.examId, auth, query);
    const [candidates, sections] = await Promise.all([
      this.access.repo.candidates([exam.id], classIds),
      sectionsOf(this.db, exam.paper_version_id!),
    ]);
    const released = exam.released_at !== null;
    const ranked: Ranked[] = candidates.map((row) => {
      const absent = ABSENT_STATUSES.includes(row.status as 3 | 5);
      return {
        row,
        absent,
        score: absent ? null : row.score,
        rank: null,
        classRank: null,
        timeUsed: secondsBetween(row.started_at, row.finished_at),
      };
    });
    const scored = ranked.filter((r) => r.score !== null);
    const ranks = competitionRanks(scored.map((r) => r.score!));
    const byClass = new Map<number, Ranked[]>();
    for (const r of ranked) {
      const members = byClass.get(r.row.class_id);
      if (members) members.push(r);
      else byClass.set(r.row.class_id, [r]);
    }
    const boxPlots: BoxPlotView[] = [];
    for (const [classId, members] of [...byClass].sort((a, b) =>
      collator.compare(a[1][0]!.row.class_name, b[1][0]!.row.class_name),
    )) {
      const classScores = members.filter((r) => r.score !== null).map((r) => r.score!);
      const classRanks = competitionRanks(classScores);
      for (const r of members) if (r.score !== null) r.classRank = classRanks.get(r.score)!;
      boxPlots.push(boxPlot(classId, members[0]!.row.class_name, classScores));
    }
    for (const r of scored) r.rank = ranks.get(r.score!)!;
    const allScores = scored.map((r) => r.score!);
    if (byClass.size > 1) boxPlots.push(boxPlot(null, '', allScores));
    const bins = histogram(allScores, exam.total_score);
    return {
      exam,
      rows: ranked,
      view: {
        exam: examView(exam),
        sections: sections.map((section) => ({
          title: section.title,
          total: points(section.total),
        })),
        figures: {
          released,
          candidates: ranked.length,
          scored: scored.length,
          histogram: {
            binWidth: points(exam.total_score / 10),
            bins: bins.map((bin) => ({
              from: points(bin.from),
              to: points(bin.to),
              count: bin.count,
            })),
            passScore: points(exam.pass_score),
          },
          boxPlots,
        },
      },
    };
  }

  /** The rows searched and sorted (rows without a score last in either order). */
  static ordered(
    rows: Ranked[],
    query: Pick<ClassRankingQuery, 'search' | 'sort' | 'order'>,
  ): Ranked[] {
    const search = query.search?.toLowerCase();
    const found = search
      ? rows.filter(
          (r) =>
            r.row.ticket_number.toLowerCase().includes(search) ||
            r.row.name.toLowerCase().includes(search),
        )
      : rows;
    const { key, order: natural } = SORT_KEYS[query.sort];
    const direction = (query.order ?? natural) === 'asc' ? 1 : -1;
    const textOrder =
      query.sort === 'name' || query.sort === 'className' ? collator.compare : byCode;
    return [...found].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) {
        const compared =
          typeof x === 'number' && typeof y === 'number' ? x - y : textOrder(String(x), String(y));
        if (compared !== 0) return compared * direction;
      }
      // Ties: by rank, then ticket number, always ascending.
      const rankA = a.rank ?? Number.MAX_SAFE_INTEGER;
      const rankB = b.rank ?? Number.MAX_SAFE_INTEGER;
      return rankA - rankB || byCode(a.row.ticket_number, b.row.ticket_number);
    });
  }

  async ranking(query: ClassRankingQuery, auth: AuthContext): Promise<ClassRankingView> {
    const table = await this.table(query, auth);
    const ordered = RankingService.ordered(table.rows, query);
    const page = ordered.slice((query.page - 1) * query.limit, query.page * query.limit);
    const list = await this.rowViews(table, page, false);
    return { ...table.view, list, total: ordered.length };
  }

  /** Rows as the API shows them, with their section scores (summed in SQL for these rows). */
  async rowViews(table: RankingTable, rows: Ranked[], wholeExam: boolean): Promise<RankingRow[]> {
    const sectionCount = table.view.sections.length;
    const attemptIds = rows.flatMap((r) => (r.row.attempt_id === null ? [] : [r.row.attempt_id]));
    const sums = await this.access.repo.sectionSums(
      wholeExam ? { examId: table.exam.id } : { ids: attemptIds },
      sectionCount,
    );
    const released = table.exam.released_at !== null;
    return rows.map((r) => {
      const sectionScores =
        r.row.attempt_id === null || r.absent
          ? Array.from({ length: sectionCount }, () => null)
          : (sums.get(r.row.attempt_id) ?? Array.from({ length: sectionCount }, () => 0)).map(
              // A scored attempt that left a section blank has 0 there, as its student reads it.
              (sum) => pointsOrNull(sum === null && r.score !== null ? 0 : sum),
            );
      return {
        rank: r.rank,
        classRank: r.classRank,
        candidateId: r.row.id,
        studentId: r.row.student_id,
        ticketNumber: r.row.ticket_number,
        name: r.row.name,
        classId: r.row.class_id,
        className: r.row.class_name,
        score: pointsOrNull(r.score),
        sections: sectionScores,
        passed: r.absent || r.row.passed === null ? null : r.row.passed === 1,
        absent: r.absent,
        timeUsed: r.timeUsed,
        submittedAt: r.row.finished_at,
        released,
      };
    });
  }
}

function boxPlot(classId: number | null, className: string, scores: number[]): BoxPlotView {
  const five = fiveNumbers([...scores].sort(ascending));
  return {
    classId,
    className,
    count: five.count,
    min: pointsOrNull(five.min),
    q1: pointsOrNull(five.q1),
    median: pointsOrNull(five.median),
    q3: pointsOrNull(five.q3),
    max: pointsOrNull(five.max),
  };
}
