import { ClearOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Tooltip } from 'antd';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SCRAWL_BOARD,
  SCRAWL_COLORS,
  SCRAWL_SIZES,
  drawStroke,
  drawStrokes,
  hasDrawing,
  visibleStrokes,
  type ScrawlAction,
  type Stroke,
} from './strokes';

interface ScrawlBoardProps {
  uploading: boolean;
  onCancel: () => void;
  /** The drawing as a PNG data URL on a white background; null when nothing is drawn. */
  onInsert: (png: string | null) => void;
}

/** The drawing board: pointer events, so a mouse, a pen and a finger all draw. */
export function ScrawlBoard({ uploading, onCancel, onInsert }: ScrawlBoardProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useRef<Stroke | null>(null);
  const [actions, setActions] = useState<ScrawlAction[]>([]);
  const [color, setColor] = useState<string>(SCRAWL_COLORS[0]);
  const [size, setSize] = useState<number>(SCRAWL_SIZES[1]);
  const [eraser, setEraser] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawStrokes(context, visibleStrokes(actions));
  }, [actions]);

  const point = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [
      ((event.clientX - rect.left) * SCRAWL_BOARD.width) / rect.width,
      ((event.clientY - rect.top) * SCRAWL_BOARD.height) / rect.height,
    ];
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    current.current = {
      kind: 'stroke',
      color,
      size: eraser ? size * 3 : size,
      eraser,
      points: [point(event)],
    };
    const context = event.currentTarget.getContext('2d');
    if (context) drawStroke(context, current.current);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    const context = event.currentTarget.getContext('2d');
    if (!stroke || !context) return;
    const last = stroke.points[stroke.points.length - 1]!;
    const next = point(event);
    stroke.points.push(next);
    drawStroke(context, { ...stroke, points: [last, next] });
  };

  const end = () => {
    const stroke = current.current;
    current.current = null;
    if (stroke) setActions((previous) => [...previous, stroke]);
  };

  const exportPng = () => {
    const source = canvas.current;
    if (!source || !hasDrawing(actions)) return null;
    const output = document.createElement('canvas');
    output.width = SCRAWL_BOARD.width;
    output.height = SCRAWL_BOARD.height;
    const context = output.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, output.width, output.height);
    context.drawImage(source, 0, 0);
    return output.toDataURL('image/png');
  };

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Segmented
          size="small"
          value={eraser ? 'eraser' : 'pen'}
          onChange={(value) => setEraser(value === 'eraser')}
          options={[
            { value: 'pen', label: t('editorTools.scrawl.pen') },
            { value: 'eraser', label: t('editorTools.scrawl.eraser') },
          ]}
        />
        <Flex gap={4} role="radiogroup" aria-label={t('editorTools.scrawl.color')} wrap>
          {SCRAWL_COLORS.map((swatch) => (
            <button
              key={swatch}
              type="button"
              role="radio"
              aria-checked={swatch === color}
              aria-label={swatch}
              onClick={() => {
                setColor(swatch);
                setEraser(false);
              }}
              style={{
                width: 22,
                height: 22,
                padding: 0,
                borderRadius: '50%',
                background: swatch,
                cursor: 'pointer',
                border: swatch === color ? '2px solid #1677ff' : '1px solid #d9d9d9',
                boxShadow: swatch === color ? '0 0 0 2px #fff inset' : undefined,
              }}
            />
          ))}
        </Flex>
        <Segmented
          size="small"
          aria-label={t('editorTools.scrawl.size')}
          value={size}
          onChange={(value) => setSize(Number(value))}
          options={SCRAWL_SIZES.map((value) => ({
            value,
            label: (
              <span
                aria-label={String(value)}
                style={{
                  display: 'inline-block',
                  width: value + 2,
                  height: value + 2,
                  borderRadius: '50%',
                  background: 'currentColor',
                  verticalAlign: 'middle',
                }}
              />
            ),
          }))}
        />
        <Flex gap={4}>
          <Tooltip title={t('editorTools.scrawl.undo')}>
            <Button
              size="small"
              icon={<UndoOutlined />}
              aria-label={t('editorTools.scrawl.undo')}
              disabled={actions.length === 0}
              onClick={() => setActions((previous) => previous.slice(0, -1))}
            />
          </Tooltip>
          <Tooltip title={t('editorTools.scrawl.clear')}>
            <Button
              size="small"
              icon={<ClearOutlined />}
              aria-label={t('editorTools.scrawl.clear')}
              disabled={visibleStrokes(actions).length === 0}
              onClick={() => setActions((previous) => [...previous, { kind: 'clear' }])}
            />
          </Tooltip>
        </Flex>
      </Flex>
      <canvas
        ref={canvas}
        width={SCRAWL_BOARD.width}
        height={SCRAWL_BOARD.height}
        aria-label={t('editorTools.scrawl.canvas')}
        className="ke-scrawl-canvas"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        style={{
          width: '100%',
          aspectRatio: `${SCRAWL_BOARD.width} / ${SCRAWL_BOARD.height}`,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          background: '#ffffff',
          touchAction: 'none',
          cursor: 'crosshair',
        }}
      />
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" loading={uploading} onClick={() => onInsert(exportPng())}>
          {t('editorTools.scrawl.insert')}
        </Button>
      </Flex>
    </Flex>
  );
}
