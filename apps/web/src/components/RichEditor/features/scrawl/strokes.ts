/** What the scrawl board records: strokes and "clear", so undo can take back either. */
export interface Stroke {
  kind: 'stroke';
  color: string;
  size: number;
  eraser: boolean;
  points: [number, number][];
}
export type ScrawlAction = Stroke | { kind: 'clear' };

/** The strokes to draw: those after the last clear. */
export function visibleStrokes(actions: readonly ScrawlAction[]): Stroke[] {
  const strokes: Stroke[] = [];
  for (const action of actions) {
    if (action.kind === 'clear') strokes.length = 0;
    else strokes.push(action);
  }
  return strokes;
}

/** Whether anything would remain on the board (eraser strokes alone draw nothing). */
export const hasDrawing = (actions: readonly ScrawlAction[]) =>
  visibleStrokes(actions).some((stroke) => !stroke.eraser);

export const SCRAWL_COLORS = [
  '#000000',
  '#f5222d',
  '#fa8c16',
  '#fadb14',
  '#52c41a',
  '#1677ff',
  '#722ed1',
  '#ffffff',
] as const;
export const SCRAWL_SIZES = [2, 4, 8, 16] as const;
/** The board's drawing resolution; it is shown scaled to the dialog's width. */
export const SCRAWL_BOARD = { width: 640, height: 400 } as const;

/** Replays strokes on a 2D context (the eraser clears to transparency). */
export function drawStrokes(context: CanvasRenderingContext2D, strokes: readonly Stroke[]) {
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  for (const stroke of strokes) drawStroke(context, stroke);
}

export function drawStroke(context: CanvasRenderingContext2D, stroke: Stroke) {
  const [first, ...rest] = stroke.points;
  if (!first) return;
  context.save();
  context.globalCompositeOperation = stroke.eraser ? 'destination-out' : 'source-over';
  context.strokeStyle = stroke.color;
  context.fillStyle = stroke.color;
  context.lineWidth = stroke.size;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  if (rest.length === 0) {
    context.beginPath();
    context.arc(first[0], first[1], stroke.size / 2, 0, Math.PI * 2);
    context.fill();
  } else {
    context.beginPath();
    context.moveTo(first[0], first[1]);
    for (const [x, y] of rest) context.lineTo(x, y);
    context.stroke();
  }
  context.restore();
}
