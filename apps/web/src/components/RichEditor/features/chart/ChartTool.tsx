import { BarChartOutlined } from '@ant-design/icons';
import { findParentNode } from '@tiptap/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorToolProps } from '../../feature';
import { ToolButton } from '../../ToolButton';
import { useEditorMessage } from '../../messages';
import { isChartType, type ChartType, type TableGrid } from './chart-data';
import { ChartDialog } from './ChartDialog';
import { gridFromTableNode } from './table-grid';

const findTable = findParentNode((node) => node.type.name === 'table');

interface Target {
  pos: number;
  grid: TableGrid;
  charted: boolean;
}

export function ChartTool({ editor }: EditorToolProps) {
  const { t } = useTranslation();
  const messages = useEditorMessage();
  const [target, setTarget] = useState<Target | null>(null);
  const [type, setType] = useState<ChartType>('bar');

  const open = () => {
    const table = findTable(editor.state.selection);
    if (!table) {
      messages.error(t('editorTools.chart.notInTable'));
      return;
    }
    const current: unknown = table.node.attrs.chart;
    setType(isChartType(current) ? current : 'bar');
    setTarget({
      pos: table.pos,
      grid: gridFromTableNode(table.node),
      charted: isChartType(current),
    });
  };

  const setChart = (chart: ChartType | null) => {
    if (!target) return;
    const { pos } = target;
    setTarget(null);
    editor
      .chain()
      .focus()
      .command(({ tr }) => {
        const node = tr.doc.nodeAt(pos);
        if (node?.type.name !== 'table') return false;
        tr.setNodeMarkup(pos, undefined, { ...node.attrs, chart });
        return true;
      })
      .run();
  };

  const label = t('editorTools.chart.button');
  return (
    <>
      <ToolButton
        name="chart"
        label={label}
        icon={<BarChartOutlined />}
        disabled={!editor.isEditable}
        onClick={open}
      />
      <ChartDialog
        open={target !== null}
        grid={target?.grid ?? { cells: [], merged: false }}
        type={type}
        charted={target?.charted ?? false}
        onTypeChange={setType}
        onCancel={() => setTarget(null)}
        onApply={() => setChart(type)}
        onRemove={() => setChart(null)}
      />
    </>
  );
}
