import { describe, expect, it } from 'vitest';
import { hasDrawing, visibleStrokes, type ScrawlAction, type Stroke } from './strokes';

const stroke = (eraser = false): Stroke => ({
  kind: 'stroke',
  color: '#000000',
  size: 4,
  eraser,
  points: [[1, 1]],
});

describe('scrawl history', () => {
  it('shows the strokes after the last clear, so undoing a clear brings them back', () => {
    const a = stroke();
    const b = stroke();
    const actions: ScrawlAction[] = [a, { kind: 'clear' }, b];
    expect(visibleStrokes(actions)).toEqual([b]);
    expect(visibleStrokes(actions.slice(0, 2))).toEqual([]);
    expect(visibleStrokes(actions.slice(0, 1))).toEqual([a]);
  });

  it('has a drawing only when a pen stroke is visible', () => {
    expect(hasDrawing([])).toBe(false);
    expect(hasDrawing([stroke(true)])).toBe(false);
    expect(hasDrawing([stroke(), { kind: 'clear' }])).toBe(false);
    expect(hasDrawing([stroke(true), stroke()])).toBe(true);
  });
});
