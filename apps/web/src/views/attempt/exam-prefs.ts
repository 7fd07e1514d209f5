import { useCallback, useState } from 'react';
import { storage } from '../../utils/storage';

export type ExamLayout = 'one' | 'section';
export const FONT_SIZES = [14, 16, 18, 20, 22, 24] as const;

interface ExamPrefs {
  layout: ExamLayout;
  fontSize: number;
  /** The candidate changed the font size themselves (a large-font accommodation yields to it). */
  fontChosen?: boolean;
}

const PREFS_KEY = 'kaoshi-exam-view';
const flagsKey = (attemptId: number) => `kaoshi-exam-flags-${attemptId}`;
const DEFAULT_FONT = 16;

/**
 * The preferences to start from: what this device keeps, and a large-font accommodation
 * (docs/features/accommodations.md) as the default one step larger unless the candidate chose a
 * size (an older entry that kept a size other than the default counts as chosen).
 */
export function initialPrefs(saved: Partial<ExamPrefs>, largeFont: boolean): ExamPrefs {
  const kept = FONT_SIZES.find((size) => size === saved.fontSize);
  const chosen = kept !== undefined && (saved.fontChosen === true || kept !== DEFAULT_FONT);
  const larger = FONT_SIZES[FONT_SIZES.indexOf(DEFAULT_FONT) + 1]!;
  return {
    layout: saved.layout === 'section' ? 'section' : 'one',
    fontSize: chosen ? kept : largeFont ? larger : DEFAULT_FONT,
    fontChosen: chosen,
  };
}

/** How the candidate likes to read the paper, kept on this device for every exam. */
export function useExamPrefs(largeFont = false) {
  const [prefs, setPrefs] = useState<ExamPrefs>(() =>
    initialPrefs(storage.getJson<ExamPrefs>(PREFS_KEY), largeFont),
  );
  const change = useCallback((patch: Partial<ExamPrefs>) => {
    setPrefs((previous) => {
      const next = {
        ...previous,
        ...patch,
        fontChosen: previous.fontChosen === true || patch.fontSize !== undefined,
      };
      storage.set(PREFS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [prefs, change] as const;
}

/**
 * The questions flagged for review: the candidate's own note, kept on this device (a reload
 * keeps them), never sent to the server.
 */
export function useFlags(attemptId: number) {
  const [flags, setFlags] = useState<ReadonlySet<string>>(() => {
    let saved: unknown = [];
    try {
      saved = JSON.parse(storage.get(flagsKey(attemptId)) ?? '[]');
    } catch {
      // A damaged entry: no flags rather than no page.
    }
    return new Set(Array.isArray(saved) ? saved.filter((id) => typeof id === 'string') : []);
  });
  const toggle = useCallback(
    (itemId: string) =>
      setFlags((previous) => {
        const next = new Set(previous);
        if (next.has(itemId)) next.delete(itemId);
        else next.add(itemId);
        storage.set(flagsKey(attemptId), JSON.stringify([...next]));
        return next;
      }),
    [attemptId],
  );
  return [flags, toggle] as const;
}
