/** What a key does on the exam page when the focus is not in a text field. */
export type KeyAction =
  { kind: 'option'; index: number } | { kind: 'move'; by: 1 | -1 } | { kind: 'flag' } | null;

const LETTERS = 'ABCDEFGHIJ';

/**
 * A–J or 1–9 pick the option at that place, ← and → move between questions, F flags. F is
 * also the sixth option's letter: flagging wins (it is on every question), and the sixth
 * option stays one key away as 6.
 */
export function keyAction(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const { key } = event;
  if (key === 'ArrowLeft') return { kind: 'move', by: -1 } satisfies KeyAction;
  if (key === 'ArrowRight') return { kind: 'move', by: 1 } satisfies KeyAction;
  if (key === 'f' || key === 'F') return { kind: 'flag' } satisfies KeyAction;
  if (/^[1-9]$/.test(key)) return { kind: 'option', index: Number(key) - 1 } satisfies KeyAction;
  const letter = LETTERS.indexOf(key.toUpperCase());
  if (key.length === 1 && letter >= 0) return { kind: 'option', index: letter } satisfies KeyAction;
  return null;
}

/** Whether keys typed here are text (an input, a text area, an editor): the page leaves them be. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(target.type)
  );
}
