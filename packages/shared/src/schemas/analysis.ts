/** Score analysis (issue 15): every call lives under this base. */
export const ANALYSIS_BASE = '/api/kaoshi-analysis/analysis';
