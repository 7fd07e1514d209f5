import { describe, expect, it } from 'vitest';
import { initialPrefs } from './exam-prefs';

describe("the exam page's preferences", () => {
  it('starts one size larger for a large-font accommodation', () => {
    expect(initialPrefs({}, false)).toMatchObject({ layout: 'one', fontSize: 16 });
    expect(initialPrefs({}, true)).toMatchObject({ layout: 'one', fontSize: 18 });
    // Only the layout was kept (the default size with it): still one size larger.
    expect(initialPrefs({ layout: 'section', fontSize: 16 }, true)).toMatchObject({
      layout: 'section',
      fontSize: 18,
    });
  });

  it('yields to the size the candidate chose, even the default one', () => {
    expect(initialPrefs({ fontSize: 14, fontChosen: true }, true).fontSize).toBe(14);
    expect(initialPrefs({ fontSize: 16, fontChosen: true }, true).fontSize).toBe(16);
    // An older entry with a size other than the default: chosen.
    expect(initialPrefs({ fontSize: 22 }, true).fontSize).toBe(22);
    // A size this page does not offer is ignored.
    expect(initialPrefs({ fontSize: 17, fontChosen: true }, true).fontSize).toBe(18);
  });
});
