/** One exam's item analysis (docs/features/analysis.md): /examAnalysis/itemAnalysis?examId=N. */
export default {
  title: 'Item analysis',
  open: 'Item analysis',
  noExam: 'No exam chosen',
  noExamHelp:
    'Open the item analysis from an exam in the ranking per batch or in the marking overview of a released exam.',
  toRanking: 'Ranking per batch',
  loadFailed: 'The item analysis could not be loaded',
  drawn: 'Questions drawn per candidate',
  drawnNote:
    'Every candidate drew their own questions: each question’s figures cover those who drew it, and the paper has no reliability figure.',
  certificates: 'Certificates',
  reload: 'Refresh',
  percent: '{{value}} %',
  candidates: {
    total: 'Candidates',
    analysed: 'In the figures',
    absent: 'Absent',
    pending: 'Awaiting marks',
  },
  pendingNote_one:
    '{{count}} candidate still has a marked answer without a final score: not in the figures yet.',
  pendingNote_other:
    '{{count}} candidates still have a marked answer without a final score: not in the figures yet.',
  noneAnalysed: 'No candidate’s result is in the figures yet.',
  test: {
    title: 'Test figures',
    alpha: 'Cronbach’s alpha',
    kr20: 'KR-20',
    kr20Help:
      'The same reliability counted on right and wrong answers, given when every question scores all or nothing.',
    reliabilityHelp:
      'Reliability: how consistently the questions measure the same ability, from 0 to 1. 0.7 or more is usually good.',
    noReliability: 'No reliability for a paper drawn per candidate.',
    sem: 'Standard error of measurement',
    semHelp:
      'In points: how far a candidate’s score may lie from their true score (SD × √(1 − reliability)).',
    mean: 'Mean',
    median: 'Median',
    sd: 'Standard deviation',
    ofFull: 'of {{score}} points',
    points: 'pts',
    questions: 'Questions',
  },
  chart: {
    title: 'Facility × discrimination',
    label: 'Scatter chart of every question’s facility against its discrimination',
    help: 'Dashed lines: the thresholds of the flags. Good questions sit high and between the two upright lines.',
    ok: 'No flag',
    empty: 'No question has figures yet.',
  },
  items: {
    title: 'Questions',
    question: 'Question',
    label: 'Part {{section}} · Q{{number}}',
    titledLabel: '{{title}} · Q{{number}}',
    bankId: 'Bank #{{id}}',
    type: 'Type',
    fullScore: 'Full score',
    candidates: 'Sat',
    facility: 'Facility',
    facilityHelp: 'Mean score ÷ full score: the higher, the easier.',
    discrimination: 'Discrimination',
    discriminationHelp:
      'Mean of the top 27 % minus mean of the bottom 27 % (by total score), ÷ full score.',
    itemRest: 'Item–rest r',
    itemRestHelp:
      'Correlation between the question’s score and the rest of the paper (point-biserial for right/wrong questions).',
    meanSd: 'Mean / SD',
    flags: 'Flags',
    noFlags: 'None',
    flaggedOnly: 'Flagged only',
    flagSummary: 'Questions flagged: {{count}} of {{total}}',
    empty: 'No question matches.',
  },
  flags: {
    tooEasy: 'Too easy',
    tooHard: 'Too hard',
    negativeDiscrimination: 'Negative discrimination',
    lowDiscrimination: 'Low discrimination',
  },
  flagHelp: {
    tooEasy:
      'Facility above {{value}}: nearly everyone scores, so it hardly tells candidates apart.',
    tooHard: 'Facility below {{value}}: few score. Check the key, the wording and the teaching.',
    negativeDiscrimination:
      'Weaker candidates did better than stronger ones: check the key and the wording first.',
    lowDiscrimination:
      'Discrimination below {{value}}: it barely separates stronger from weaker candidates.',
  },
  options: {
    title: 'Option shares',
    option: 'Option {{key}}',
    key: 'Key',
    chosenBy_one: '{{count}} candidate',
    chosenBy_other: '{{count}} candidates',
    omitted_one: '{{count}} candidate chose no option',
    omitted_other: '{{count}} candidates chose no option',
  },
  mastery: {
    title: 'Mastery',
    help: 'Points earned ÷ full points of its questions, over the candidates who sat them.',
    courses: 'Courses',
    points: 'Appraisal points',
    code: 'Code',
    name: 'Name',
    importance: 'Importance',
    questions: 'Questions',
    mastery: 'Mastery',
    empty: 'No question of this paper is linked to one.',
  },
} as const;
