import {
  MAKE_UP_TEXTS,
  STATISTICS_EXPORT_TEXTS,
  type StatisticsExportTexts,
  wordsIn,
} from '@kaoshi/shared';
import type ExcelJS from 'exceljs';
import type {
  ExportClassRankingQuery,
  ExportPassStatisticsQuery,
  ExportSupplementaryStatisticsQuery,
  MakeUpWho,
  MessageLanguage,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { styleHeader, writeExport } from '../../lib/spreadsheet.js';
import { shownTime } from '../../lib/shown-time.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { PassStatisticsService } from './pass-statistics.service.js';
import { RankingService } from './ranking.service.js';
import { SupplementaryService } from './supplementary.service.js';

type Sheet = ReturnType<ExcelJS.stream.xlsx.WorkbookWriter['addWorksheet']>;
type Cell = string | number | null;

const addHeader = (sheet: Sheet, values: string[]) => {
  const row = sheet.addRow(values);
  styleHeader(row);
  row.commit();
};
/** A row; null leaves the cell empty. */
const add = (sheet: Sheet, values: Cell[]) => sheet.addRow(values).commit();
const title = (sheet: Sheet, text: string) => {
  const row = sheet.addRow([text]);
  row.font = { bold: true };
  row.commit();
};

const yesNo = (texts: StatisticsExportTexts, value: boolean) => (value ? texts.yes : texts.no);
const resultWord = (
  texts: StatisticsExportTexts,
  absent: boolean,
  passed: boolean | null,
  scheduled = false,
): string =>
  scheduled
    ? texts.result.scheduled
    : absent
      ? texts.result.absent
      : passed === null
        ? texts.result.pending
        : passed
          ? texts.result.passed
          : texts.result.failed;
/** A 0–1 rate as a percentage with two decimals (66.67 %). */
const percent = (value: number | null) =>
  value === null ? '' : `${Math.round(value * 10_000) / 100}%`;

/**
 * The statistics exports (docs/features/analysis.md): the whole table on the first sheet, the figures
 * (histogram and box plots, or the summary and the trend) on the second. The same filters and
 * row rules as the calls: they are built from the same services.
 */
export class StatisticsExport {
  private readonly ranking: RankingService;
  private readonly pass: PassStatisticsService;
  private readonly supplementary: SupplementaryService;

  constructor(db: Db) {
    this.ranking = new RankingService(db);
    this.pass = new PassStatisticsService(db);
    this.supplementary = new SupplementaryService(db);
  }

  async classRanking(query: ExportClassRankingQuery, auth: AuthContext, language: MessageLanguage) {
    const table = await this.ranking.table(query, auth);
    const rows = await this.ranking.rowViews(
      table,
      RankingService.ordered(table.rows, query),
      true,
    );
    const texts = wordsIn(STATISTICS_EXPORT_TEXTS, language);
    const { view } = table;
    return writeExport(
      {
        local: `${view.exam.name}-${texts.ranking.fileName}`,
        english: `exam-${view.exam.id}-ranking`,
      },
      async (workbook) => {
        const sheet = workbook.addWorksheet(texts.ranking.sheet);
        const headers = [
          ...texts.ranking.columnsBefore,
          ...view.sections.map((section) => section.title),
          ...texts.ranking.columnsAfter,
        ];
        sheet.columns = headers.map((_, i) => ({ width: i === 3 || i === 4 ? 18 : 12 }));
        addHeader(sheet, headers);
        for (const row of rows) {
          add(sheet, [
            row.rank,
            row.classRank,
            row.ticketNumber,
            row.name,
            row.className,
            row.score,
            ...row.sections,
            resultWord(texts, row.absent, row.passed),
            row.timeUsed === null ? null : Math.round(row.timeUsed / 6) / 10,
            row.submittedAt === null ? null : shownTime(row.submittedAt),
            yesNo(texts, row.released),
          ]);
        }
        sheet.commit();

        const figures = workbook.addWorksheet(texts.figuresSheet);
        figures.columns = Array.from({ length: 7 }, (_, i) => ({ width: i === 0 ? 20 : 12 }));
        title(figures, texts.ranking.histogram);
        addHeader(figures, texts.ranking.histogramColumns);
        for (const bin of view.figures.histogram.bins) add(figures, [bin.from, bin.to, bin.count]);
        add(figures, [texts.ranking.passLine, view.figures.histogram.passScore]);
        add(figures, []);
        title(figures, texts.ranking.boxPlot);
        addHeader(figures, texts.ranking.boxPlotColumns);
        for (const box of view.figures.boxPlots) {
          add(figures, [
            box.classId === null ? texts.ranking.allBatches : box.className,
            box.count,
            box.min,
            box.q1,
            box.median,
            box.q3,
            box.max,
          ]);
        }
        add(figures, [texts.ranking.quantileNote]);
        add(figures, [texts.ranking.columnsAfter[3]!, yesNo(texts, view.figures.released)]);
        figures.commit();
      },
    );
  }

  async passStatistics(
    query: ExportPassStatisticsQuery,
    auth: AuthContext,
    language: MessageLanguage,
  ) {
    const view = await this.pass.statistics(query, auth);
    const texts = wordsIn(STATISTICS_EXPORT_TEXTS, language);
    const first = view.exams.length === 1 ? view.exams[0]! : null;
    return writeExport(
      {
        local: `${first ? `${first.name}-` : ''}${texts.pass.fileName}`,
        english: first ? `exam-${first.id}-failed-scores` : 'failed-scores',
      },
      async (workbook) => {
        const sheet = workbook.addWorksheet(texts.pass.sheet);
        sheet.columns = texts.pass.columns.map((_, i) => ({ width: i === 0 ? 24 : 14 }));
        addHeader(sheet, texts.pass.columns);
        for (const row of view.failed.list) {
          add(sheet, [
            row.examName,
            row.ticketNumber,
            row.name,
            row.className,
            row.score,
            row.passScore,
            row.lacking,
            yesNo(texts, row.released),
          ]);
        }
        sheet.commit();

        const figures = workbook.addWorksheet(texts.figuresSheet);
        figures.columns = Array.from({ length: 6 }, (_, i) => ({ width: i === 0 ? 24 : 14 }));
        title(figures, texts.pass.summary);
        const labels = texts.pass.summaryLabels;
        const { summary } = view;
        add(figures, [labels.candidates, summary.candidates]);
        add(figures, [labels.sat, summary.sat]);
        add(figures, [labels.absent, summary.absent]);
        add(figures, [labels.passed, summary.passed]);
        add(figures, [labels.failed, summary.failed]);
        add(figures, [labels.pending, summary.pending]);
        add(figures, [labels.passRate, percent(summary.passRate)]);
        add(figures, [labels.mean, summary.mean]);
        add(figures, [labels.median, summary.median]);
        add(figures, [texts.pass.columns[7]!, yesNo(texts, summary.released)]);
        add(figures, []);
        title(figures, texts.pass.trend);
        addHeader(figures, texts.pass.trendColumns);
        for (const point of view.trend) {
          add(figures, [
            point.examName,
            shownTime(point.startAt),
            point.sat,
            point.passed,
            percent(point.passRate),
            yesNo(texts, point.released),
          ]);
        }
        figures.commit();
      },
    );
  }

  async supplementaryStatistics(
    query: ExportSupplementaryStatisticsQuery,
    auth: AuthContext,
    language: MessageLanguage,
  ) {
    const view = await this.supplementary.statistics(query, auth);
    const texts = wordsIn(STATISTICS_EXPORT_TEXTS, language);
    const who = wordsIn(MAKE_UP_TEXTS, language).who;
    return writeExport(
      {
        local: `${view.exam.name}-${texts.supplementary.fileName}`,
        english: `exam-${view.exam.id}-make-ups`,
      },
      async (workbook) => {
        const sheet = workbook.addWorksheet(texts.supplementary.sheet);
        sheet.columns = texts.supplementary.columns.map((_, i) => ({
          width: i === 5 ? 24 : 14,
        }));
        addHeader(sheet, texts.supplementary.columns);
        for (const row of view.list) {
          add(sheet, [
            row.ticketNumber,
            row.name,
            row.className,
            row.original.score,
            resultWord(texts, row.original.absent, row.original.passed),
            row.makeUp?.examName ?? null,
            row.makeUp?.score ?? null,
            row.makeUp
              ? resultWord(texts, row.makeUp.absent, row.makeUp.passed, row.makeUp.scheduled)
              : null,
            texts.result[row.final],
            row.makeUp ? yesNo(texts, row.makeUp.released) : null,
          ]);
        }
        sheet.commit();

        const figures = workbook.addWorksheet(texts.figuresSheet);
        figures.columns = Array.from({ length: 4 }, (_, i) => ({ width: i === 0 ? 30 : 16 }));
        title(figures, texts.supplementary.summary);
        const labels = texts.supplementary.summaryLabels;
        const { summary } = view;
        for (const key of [
          'candidates',
          'sat',
          'passed',
          'failed',
          'absent',
          'makeUpPublished',
          'makeUpSat',
          'makeUpPassed',
          'makeUpStillFailed',
          'makeUpPending',
          'makeUpScheduled',
        ] as const) {
          add(figures, [labels[key], summary[key]]);
        }
        add(figures, [labels.originalPassRate, percent(summary.originalPassRate)]);
        add(figures, [labels.finalPassRate, percent(summary.finalPassRate)]);
        add(figures, []);
        title(figures, texts.supplementary.makeUps);
        addHeader(figures, texts.supplementary.makeUpColumns);
        for (const makeUp of view.makeUps) {
          add(figures, [
            makeUp.name,
            shownTime(makeUp.startAt),
            makeUp.who ? (who[makeUp.who as MakeUpWho] ?? makeUp.who) : null,
            yesNo(texts, makeUp.released),
          ]);
        }
        figures.commit();
      },
    );
  }
}
