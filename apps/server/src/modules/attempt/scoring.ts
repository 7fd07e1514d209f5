export * from '../paper/scoring.js'; // moved: kept for merge, lead removes
