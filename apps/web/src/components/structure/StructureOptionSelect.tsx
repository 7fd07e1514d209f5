import { Select, Space, Tag, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What every select of the structure takes; a Form.Item passes value, onChange and id. */
export interface StructureSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
  /** Defaults to the name of what is chosen, e.g. 考试项目. */
  placeholder?: string;
  'aria-label'?: string;
  /** Defaults to true. */
  allowClear?: boolean;
  disabled?: boolean;
  /** Disabled entries are listed but cannot be chosen: for what is being created or moved. */
  activeOnly?: boolean;
  style?: CSSProperties;
}

export interface StructureEntry {
  id: number;
  name: string;
  code: string;
  /** Disabled (status 0): marked in the list, and not choosable with activeOnly. */
  inactive?: boolean;
  /** Shown beside the code, e.g. a batch's level. */
  note?: ReactNode;
}

interface StructureOptionSelectProps extends StructureSelectProps {
  entries: readonly StructureEntry[] | undefined;
  loading: boolean;
  /** The default placeholder and accessible name. */
  label: string;
  /** Set while the parent is not chosen: the select is disabled and says what to choose first. */
  waitingFor?: string;
  onPick?: (value: number | undefined) => void;
}

/** The antd Select behind ProjectSelect, CategorySelect, JobTypeSelect and BatchSelect. */
export function StructureOptionSelect({
  entries,
  loading,
  label,
  waitingFor,
  value,
  onChange,
  id,
  placeholder,
  'aria-label': ariaLabel,
  allowClear = true,
  disabled,
  activeOnly,
  style,
}: StructureOptionSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<
      number | undefined,
      { value: number; label: string; code: string; entry: StructureEntry }
    >
      id={id}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      allowClear={allowClear}
      disabled={disabled || waitingFor !== undefined}
      loading={loading && waitingFor === undefined}
      placeholder={waitingFor ?? placeholder ?? label}
      aria-label={ariaLabel ?? placeholder ?? label}
      style={{ width: '100%', ...style }}
      showSearch={{ optionFilterProp: ['label', 'code'] }}
      notFoundContent={loading ? t('common.loading') : t('common.noData')}
      options={(entries ?? []).map((entry) => ({
        value: entry.id,
        label: entry.name,
        code: entry.code,
        entry,
        disabled: activeOnly === true && entry.inactive === true,
      }))}
      optionRender={({ data }) => (
        <Space size={6} wrap={false} style={{ maxWidth: '100%' }}>
          <span>{data.entry.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {data.entry.code}
          </Typography.Text>
          {data.entry.note}
          {data.entry.inactive && (
            <Tag style={{ marginInlineEnd: 0 }}>{t('school.status.disabled')}</Tag>
          )}
        </Space>
      )}
    />
  );
}
