import { describe, expect, it } from 'vitest';
import { ValueSync } from './value-sync';

/** What typing `text` one character at a time reports, as the editor's HTML. */
const keystrokes = (text: string) => [...text].map((_, i) => `<p>${text.slice(0, i + 1)}</p>`);

describe('ValueSync: the form value against what the editor shows', () => {
  it('takes the first value and a value set from elsewhere after the last change', () => {
    const sync = new ValueSync();
    expect(sync.accept('', sync.mark())).toBe(true);
    for (const html of keystrokes('abc')) sync.report(html);
    // A question loaded or a form reset: nothing the editor said, on a render after its changes.
    expect(sync.accept('<p>loaded</p>', sync.mark())).toBe(true);
  });

  it('never takes back its own report, however many keystrokes later it arrives', () => {
    const sync = new ValueSync();
    sync.accept('', sync.mark());
    const typed = keystrokes('every word typed fast into a busy page stays');
    const [first] = typed;
    sync.report(first!);
    const renderedAt = sync.mark();
    for (const html of typed.slice(1)) sync.report(html);
    // A render that began after the first keystroke commits only now.
    expect(sync.accept(first!, renderedAt)).toBe(false);
  });

  it('does not apply a value its render read before newer typing', () => {
    const sync = new ValueSync();
    sync.accept('', sync.mark());
    // The form is reset while the user goes on typing before the reset's render commits.
    const renderedAt = sync.mark();
    sync.report('<p>typed meanwhile</p>');
    expect(sync.accept('<p>older</p>', renderedAt)).toBe(false);
  });

  it('counts a change once and forgets its old reports once another value stands', () => {
    const sync = new ValueSync();
    expect(sync.report('<p>a</p>')).toBe(true);
    expect(sync.report('<p>a</p>')).toBe(false);
    expect(sync.accept('<p>a</p>', sync.mark())).toBe(false);
    expect(sync.accept('<p>b</p>', sync.mark())).toBe(true);
    // After b replaced it, a is a new value again (an undo of the reset, say).
    expect(sync.accept('<p>a</p>', sync.mark())).toBe(true);
  });
});
