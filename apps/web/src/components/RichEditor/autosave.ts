import { AUTOSAVE_INTERVAL_MS, AUTOSAVE_MIN_GAP_MS } from './constants';

const DRAFT_PREFIX = 'kaoshi-editor-draft:';

export interface EditorDraft {
  html: string;
  /** Epoch milliseconds. */
  savedAt: number;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(key: string): EditorDraft | undefined {
  try {
    const raw = storage()?.getItem(DRAFT_PREFIX + key);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as Partial<EditorDraft>;
    return typeof draft.html === 'string' && typeof draft.savedAt === 'number'
      ? { html: draft.html, savedAt: draft.savedAt }
      : undefined;
  } catch {
    return undefined;
  }
}

/** False when the browser refuses (storage full or disabled): the draft is simply not kept. */
export function writeDraft(key: string, html: string): boolean {
  try {
    const draft: EditorDraft = { html, savedAt: Date.now() };
    storage()?.setItem(DRAFT_PREFIX + key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** For the page that owns the content: after a successful save the draft is no longer needed. */
export function clearEditorDraft(key: string): void {
  try {
    storage()?.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Nothing was stored.
  }
}

export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Autosaver {
  /** The content changed: it is saved once the editor has been quiet for the interval. */
  change(html: string): void;
  /** Saves what is pending now (leaving the page, switching modes), respecting the minimum gap. */
  flush(): void;
  cancel(): void;
}

/**
 * Draft autosave timing: a save follows the last change by AUTOSAVE_INTERVAL_MS, and two saves are
 * never closer than AUTOSAVE_MIN_GAP_MS (a save that would come sooner waits the rest of the gap,
 * so the latest content is never dropped).
 */
export function createAutosaver(
  save: (html: string) => void,
  timers: Timers = realTimers,
  intervalMs = AUTOSAVE_INTERVAL_MS,
  minGapMs = AUTOSAVE_MIN_GAP_MS,
): Autosaver {
  let pending: string | undefined;
  let timer: unknown;
  let lastSavedAt = -Infinity;

  const clear = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (ms: number) => {
    clear();
    timer = timers.setTimeout(run, ms);
  };
  function run() {
    timer = undefined;
    if (pending === undefined) return;
    const wait = lastSavedAt + minGapMs - timers.now();
    if (wait > 0) {
      schedule(wait);
      return;
    }
    const html = pending;
    pending = undefined;
    lastSavedAt = timers.now();
    save(html);
  }
  return {
    change(html) {
      pending = html;
      schedule(intervalMs);
    },
    flush() {
      clear();
      run();
    },
    cancel() {
      clear();
      pending = undefined;
    },
  };
}
