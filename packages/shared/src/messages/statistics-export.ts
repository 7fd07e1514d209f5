import type { InLanguages } from './languages.js';

/** The statistics exports' words in each language (docs/features/analysis.md). */
export interface StatisticsExportTexts {
  figuresSheet: string;
  yes: string;
  no: string;
  result: {
    passed: string;
    failed: string;
    absent: string;
    pending: string;
    /** A make-up still to come that the candidate has not sat. */
    scheduled: string;
  };
  ranking: {
    fileName: string;
    sheet: string;
    /** Before the section columns, and after them. */
    columnsBefore: string[];
    columnsAfter: string[];
    histogram: string;
    histogramColumns: string[];
    passLine: string;
    boxPlot: string;
    boxPlotColumns: string[];
    allBatches: string;
    quantileNote: string;
  };
  pass: {
    fileName: string;
    sheet: string;
    columns: string[];
    summary: string;
    summaryLabels: {
      candidates: string;
      sat: string;
      absent: string;
      passed: string;
      failed: string;
      pending: string;
      passRate: string;
      mean: string;
      median: string;
    };
    trend: string;
    trendColumns: string[];
  };
  supplementary: {
    fileName: string;
    sheet: string;
    columns: string[];
    summary: string;
    summaryLabels: {
      candidates: string;
      sat: string;
      passed: string;
      failed: string;
      absent: string;
      makeUpPublished: string;
      makeUpSat: string;
      makeUpPassed: string;
      makeUpStillFailed: string;
      makeUpPending: string;
      makeUpScheduled: string;
      originalPassRate: string;
      finalPassRate: string;
    };
    makeUps: string;
    makeUpColumns: string[];
  };
}

export const STATISTICS_EXPORT_TEXTS: InLanguages<StatisticsExportTexts> = {
  zh: {
    figuresSheet: '图表数据',
    yes: '是',
    no: '否',
    result: {
      passed: '合格',
      failed: '不合格',
      absent: '缺考',
      pending: '待定',
      scheduled: '待补考',
    },
    ranking: {
      fileName: '成绩排名',
      sheet: '成绩排名',
      columnsBefore: ['名次', '批次内名次', '准考证号', '姓名', '报名批次', '总分'],
      columnsAfter: ['结果', '用时（分钟）', '交卷时间', '成绩已发布'],
      histogram: '分数分布',
      histogramColumns: ['从', '到', '人数'],
      passLine: '合格线',
      boxPlot: '箱线图',
      boxPlotColumns: [
        '报名批次',
        '人数',
        '最低分',
        '下四分位数',
        '中位数',
        '上四分位数',
        '最高分',
      ],
      allBatches: '全部批次',
      quantileNote: '四分位数按顺序统计量线性插值计算（与 Excel QUARTILE.INC 相同）',
    },
    pass: {
      fileName: '不合格成绩统计',
      sheet: '不合格考生',
      columns: ['考试', '准考证号', '姓名', '报名批次', '得分', '合格分', '差分', '成绩已发布'],
      summary: '汇总',
      summaryLabels: {
        candidates: '应考人数',
        sat: '实考人数',
        absent: '缺考人数',
        passed: '合格人数',
        failed: '不合格人数',
        pending: '待定人数',
        passRate: '合格率',
        mean: '平均分',
        median: '中位数',
      },
      trend: '合格率趋势',
      trendColumns: ['考试', '开考时间', '实考人数', '合格人数', '合格率', '成绩已发布'],
    },
    supplementary: {
      fileName: '补考统计',
      sheet: '补考考生',
      columns: [
        '准考证号',
        '姓名',
        '报名批次',
        '原考试得分',
        '原考试结果',
        '补考',
        '补考得分',
        '补考结果',
        '最终结果',
        '补考成绩已发布',
      ],
      summary: '汇总',
      summaryLabels: {
        candidates: '应考人数',
        sat: '实考人数',
        passed: '合格人数',
        failed: '不合格人数',
        absent: '缺考人数',
        makeUpPublished: '已发布补考人数',
        makeUpSat: '参加补考人数',
        makeUpPassed: '补考合格人数',
        makeUpStillFailed: '补考仍不合格人数',
        makeUpPending: '补考结果待定人数',
        makeUpScheduled: '待参加补考人数',
        originalPassRate: '原考试合格率',
        finalPassRate: '补考后最终合格率',
      },
      makeUps: '补考',
      makeUpColumns: ['考试', '开考时间', '补考对象', '成绩已发布'],
    },
  },
  en: {
    figuresSheet: 'Figures',
    yes: 'Yes',
    no: 'No',
    result: {
      passed: 'Passed',
      failed: 'Failed',
      absent: 'Absent',
      pending: 'Pending',
      scheduled: 'Scheduled',
    },
    ranking: {
      fileName: 'ranking',
      sheet: 'Ranking',
      columnsBefore: ['Rank', 'Rank in batch', 'Ticket number', 'Name', 'Batch', 'Total'],
      columnsAfter: ['Result', 'Time used (min)', 'Submitted at', 'Scores released'],
      histogram: 'Score distribution',
      histogramColumns: ['From', 'To', 'Candidates'],
      passLine: 'Pass line',
      boxPlot: 'Box plot',
      boxPlotColumns: ['Batch', 'Candidates', 'Min', 'Q1', 'Median', 'Q3', 'Max'],
      allBatches: 'All batches',
      quantileNote:
        'Quartiles by linear interpolation between order statistics (as Excel QUARTILE.INC)',
    },
    pass: {
      fileName: 'failed-score-statistics',
      sheet: 'Failed candidates',
      columns: [
        'Exam',
        'Ticket number',
        'Name',
        'Batch',
        'Score',
        'Pass score',
        'Points lacking',
        'Scores released',
      ],
      summary: 'Summary',
      summaryLabels: {
        candidates: 'Candidates',
        sat: 'Sat',
        absent: 'Absent',
        passed: 'Passed',
        failed: 'Failed',
        pending: 'Pending',
        passRate: 'Pass rate',
        mean: 'Mean',
        median: 'Median',
      },
      trend: 'Pass rate trend',
      trendColumns: ['Exam', 'Starts', 'Sat', 'Passed', 'Pass rate', 'Scores released'],
    },
    supplementary: {
      fileName: 'make-up-statistics',
      sheet: 'Make-up candidates',
      columns: [
        'Ticket number',
        'Name',
        'Batch',
        'Original score',
        'Original result',
        'Make-up',
        'Make-up score',
        'Make-up result',
        'Final result',
        'Make-up scores released',
      ],
      summary: 'Summary',
      summaryLabels: {
        candidates: 'Candidates',
        sat: 'Sat',
        passed: 'Passed',
        failed: 'Failed',
        absent: 'Absent',
        makeUpPublished: 'Make-up published for',
        makeUpSat: 'Sat the make-up',
        makeUpPassed: 'Passed the make-up',
        makeUpStillFailed: 'Still failed',
        makeUpPending: 'Make-up result pending',
        makeUpScheduled: 'Make-up still to come',
        originalPassRate: 'Original pass rate',
        finalPassRate: 'Final pass rate after make-ups',
      },
      makeUps: 'Make-ups',
      makeUpColumns: ['Exam', 'Starts', 'For', 'Scores released'],
    },
  },
  es: {
    figuresSheet: 'Gráficos',
    yes: 'Sí',
    no: 'No',
    result: {
      passed: 'Aprobado',
      failed: 'Suspenso',
      absent: 'Ausente',
      pending: 'Pendiente',
      scheduled: 'Programado',
    },
    ranking: {
      fileName: 'clasificacion',
      sheet: 'Clasificación',
      columnsBefore: [
        'Puesto',
        'Puesto en la convocatoria',
        'Número de admisión',
        'Nombre',
        'Convocatoria',
        'Total',
      ],
      columnsAfter: ['Resultado', 'Tiempo usado (min)', 'Entregado', 'Notas publicadas'],
      histogram: 'Distribución de notas',
      histogramColumns: ['Desde', 'Hasta', 'Candidatos'],
      passLine: 'Nota de aprobado',
      boxPlot: 'Diagrama de caja',
      boxPlotColumns: ['Convocatoria', 'Candidatos', 'Mín.', 'Q1', 'Mediana', 'Q3', 'Máx.'],
      allBatches: 'Todas las convocatorias',
      quantileNote:
        'Cuartiles por interpolación lineal entre estadísticos de orden (como CUARTIL.INC de Excel)',
    },
    pass: {
      fileName: 'estadisticas-de-suspensos',
      sheet: 'Suspensos',
      columns: [
        'Examen',
        'Número de admisión',
        'Nombre',
        'Convocatoria',
        'Nota',
        'Nota de aprobado',
        'Puntos que faltan',
        'Notas publicadas',
      ],
      summary: 'Resumen',
      summaryLabels: {
        candidates: 'Candidatos',
        sat: 'Presentados',
        absent: 'Ausentes',
        passed: 'Aprobados',
        failed: 'Suspensos',
        pending: 'Pendientes',
        passRate: 'Tasa de aprobados',
        mean: 'Media',
        median: 'Mediana',
      },
      trend: 'Evolución de la tasa de aprobados',
      trendColumns: [
        'Examen',
        'Inicio',
        'Presentados',
        'Aprobados',
        'Tasa de aprobados',
        'Notas publicadas',
      ],
    },
    supplementary: {
      fileName: 'estadisticas-de-recuperacion',
      sheet: 'Candidatos de recuperación',
      columns: [
        'Número de admisión',
        'Nombre',
        'Convocatoria',
        'Nota original',
        'Resultado original',
        'Recuperación',
        'Nota de recuperación',
        'Resultado de recuperación',
        'Resultado final',
        'Notas de recuperación publicadas',
      ],
      summary: 'Resumen',
      summaryLabels: {
        candidates: 'Candidatos',
        sat: 'Presentados',
        passed: 'Aprobados',
        failed: 'Suspensos',
        absent: 'Ausentes',
        makeUpPublished: 'Con recuperación publicada',
        makeUpSat: 'Se presentaron a la recuperación',
        makeUpPassed: 'Aprobaron la recuperación',
        makeUpStillFailed: 'Siguen suspensos',
        makeUpPending: 'Recuperación pendiente',
        makeUpScheduled: 'Recuperación aún por realizar',
        originalPassRate: 'Tasa de aprobados original',
        finalPassRate: 'Tasa de aprobados final tras recuperaciones',
      },
      makeUps: 'Recuperaciones',
      makeUpColumns: ['Examen', 'Inicio', 'Para', 'Notas publicadas'],
    },
  },
  ja: {
    figuresSheet: 'グラフデータ',
    yes: 'はい',
    no: 'いいえ',
    result: {
      passed: '合格',
      failed: '不合格',
      absent: '欠席',
      pending: '未確定',
      scheduled: '受験予定',
    },
    ranking: {
      fileName: '成績順位',
      sheet: '成績順位',
      columnsBefore: ['順位', '回次内順位', '受験番号', '氏名', '申込回次', '合計点'],
      columnsAfter: ['結果', '所要時間（分）', '提出時刻', '成績公開済み'],
      histogram: '得点分布',
      histogramColumns: ['から', 'まで', '人数'],
      passLine: '合格点',
      boxPlot: '箱ひげ図',
      boxPlotColumns: [
        '申込回次',
        '人数',
        '最低点',
        '第1四分位数',
        '中央値',
        '第3四分位数',
        '最高点',
      ],
      allBatches: '全回次',
      quantileNote: '四分位数は順序統計量の線形補間（Excel の QUARTILE.INC と同じ）',
    },
    pass: {
      fileName: '不合格成績統計',
      sheet: '不合格者',
      columns: ['試験', '受験番号', '氏名', '申込回次', '得点', '合格点', '不足点', '成績公開済み'],
      summary: '集計',
      summaryLabels: {
        candidates: '受験予定者数',
        sat: '受験者数',
        absent: '欠席者数',
        passed: '合格者数',
        failed: '不合格者数',
        pending: '未確定者数',
        passRate: '合格率',
        mean: '平均点',
        median: '中央値',
      },
      trend: '合格率の推移',
      trendColumns: ['試験', '開始', '受験者数', '合格者数', '合格率', '成績公開済み'],
    },
    supplementary: {
      fileName: '追試統計',
      sheet: '追試対象者',
      columns: [
        '受験番号',
        '氏名',
        '申込回次',
        '本試験の得点',
        '本試験の結果',
        '追試',
        '追試の得点',
        '追試の結果',
        '最終結果',
        '追試成績公開済み',
      ],
      summary: '集計',
      summaryLabels: {
        candidates: '受験予定者数',
        sat: '受験者数',
        passed: '合格者数',
        failed: '不合格者数',
        absent: '欠席者数',
        makeUpPublished: '追試公開対象者数',
        makeUpSat: '追試受験者数',
        makeUpPassed: '追試合格者数',
        makeUpStillFailed: '追試でも不合格',
        makeUpPending: '追試結果未確定',
        makeUpScheduled: '追試受験予定',
        originalPassRate: '本試験の合格率',
        finalPassRate: '追試後の最終合格率',
      },
      makeUps: '追試',
      makeUpColumns: ['試験', '開始', '対象', '成績公開済み'],
    },
  },
};
