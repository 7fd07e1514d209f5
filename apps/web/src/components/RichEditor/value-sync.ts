/** How many of its own recent reports the editor still recognises when the form hands one back. */
const RECENT_REPORTS = 20;

/**
 * Decides when a controlled `value` may replace what the editor shows. The editor reports each
 * change to the form, and the form hands every report back as `value` on a later render. A
 * render that began before the editor's latest change carries an older value: applying it
 * would throw away what was typed since. Only a value the editor did not produce itself,
 * carried by a render no newer change has overtaken, stands for someone else's edit (a loaded
 * question, a form reset).
 */
export class ValueSync {
  private recent: string[] = [];
  private reports = 0;

  /** Read while rendering: which reports the render's `value` can already reflect. */
  mark(): number {
    return this.reports;
  }

  /** The editor's content changed to `html`; false when it is what was last reported. */
  report(html: string): boolean {
    if (html === this.recent.at(-1)) return false;
    this.recent.push(html);
    if (this.recent.length > RECENT_REPORTS) this.recent.shift();
    this.reports += 1;
    return true;
  }

  /**
   * Whether `value`, rendered at `mark`, must replace the content. Once it does, the content
   * stands for it (what the editor reported before no longer counts as its own).
   */
  accept(value: string, mark: number): boolean {
    if (mark !== this.reports || this.recent.includes(value)) return false;
    this.recent = [value];
    return true;
  }
}
