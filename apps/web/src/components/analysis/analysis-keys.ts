/**
 * The prefix of every score-analysis query (ranking, statistics, make-up, item analysis, the
 * exam select): a release or its withdrawal refreshes them all.
 */
export const analysisKeys = {
  all: ['analysis'] as const,
};
