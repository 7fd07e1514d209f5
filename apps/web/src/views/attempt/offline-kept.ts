import { offlineAttempts } from './offline-attempt';
import { idbTables } from './offline-tables';

/** This browser's offline copies of the exam page (offline-attempt.ts), in IndexedDB. */
export const keptAttempts = offlineAttempts(idbTables());
