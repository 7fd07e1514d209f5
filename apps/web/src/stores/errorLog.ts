import { create } from 'zustand';

/** docs/spec.md §3: what an uncaught UI error leaves behind (production only, docs/spec.md §8). */
export interface ErrorLogEntry {
  err: { message: string; stack?: string };
  vm: string;
  info: string;
  url: string;
  time: string;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  addErrorLog: (entry: ErrorLogEntry) => void;
  clearErrorLog: () => void;
}

const MAX_ENTRIES = 100;

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  logs: [],
  addErrorLog: (entry) => set((state) => ({ logs: [...state.logs, entry].slice(-MAX_ENTRIES) })),
  clearErrorLog: () => set({ logs: [] }),
}));
