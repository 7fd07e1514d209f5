import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { QUESTION_TYPES } from '@kaoshi/shared';
import { Button, Card, Table } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey, type BlueprintRow } from './builder-state';
import { useDrawColumns } from './builder-inputs';

interface BlueprintCardProps {
  blueprint: BlueprintRow[];
  setBlueprint: Dispatch<SetStateAction<BlueprintRow[]>>;
  drawing: boolean;
  /** The job type and level are chosen: the bank can be drawn from. */
  placed: boolean;
  onDraw: () => void;
}

/** The appraisal-point blueprint: how many questions of which type at what score, and its draw. */
export function BlueprintCard({
  blueprint,
  setBlueprint,
  drawing,
  placed,
  onDraw,
}: BlueprintCardProps) {
  const { t } = useTranslation();
  /** Changes one row of the blueprint. */
  const setRow = (index: number, change: Partial<BlueprintRow>) =>
    setBlueprint((rows) => rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const drawColumns = useDrawColumns<BlueprintRow>({
    named: (field, index) => t('paper.blueprint.fieldOf', { field, row: index + 1 }),
    change: (index, _row, change) => setRow(index, change),
  });
  const blueprintColumns = [
    ...drawColumns,
    {
      key: 'remove',
      render: (_: unknown, _row: BlueprintRow, index: number) => (
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('paper.blueprint.remove', { row: index + 1 })}
          onClick={() => setBlueprint((rows) => rows.filter((_r, i) => i !== index))}
        />
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('paper.blueprint.title')}
      className="paper-blueprint"
      extra={
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          loading={drawing}
          disabled={!placed || blueprint.length === 0}
          onClick={onDraw}
        >
          {t('paper.draw.blueprint')}
        </Button>
      }
    >
      <Table<BlueprintRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={blueprint}
        columns={blueprintColumns}
        locale={{ emptyText: t('paper.blueprint.empty') }}
        scroll={{ x: 'max-content' }}
      />
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() =>
          setBlueprint((rows) => [
            ...rows,
            {
              key: newKey(),
              type: QUESTION_TYPES[rows.length % QUESTION_TYPES.length]!,
              count: 10,
              score: 1,
            },
          ])
        }
      >
        {t('paper.blueprint.add')}
      </Button>
    </Card>
  );
}
