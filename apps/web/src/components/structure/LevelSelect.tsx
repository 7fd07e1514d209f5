import { CERT_LEVELS, type CertLevel } from '@kaoshi/shared';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLevelLabel } from './use-level-label';

interface LevelSelectProps {
  value?: CertLevel;
  onChange?: (level: CertLevel | undefined) => void;
  id?: string;
  /** The levels offered, e.g. a job type's; all five when left out. */
  levels?: readonly CertLevel[];
  /** Disables the select and says what to choose first, e.g. while no job type is chosen. */
  waitingFor?: string;
  placeholder?: string;
  'aria-label'?: string;
  /** Defaults to true. */
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
}

/** One certification level (5 junior … 1 senior technician), junior first. */
export function LevelSelect({
  value,
  onChange,
  id,
  levels = CERT_LEVELS,
  waitingFor,
  placeholder,
  'aria-label': ariaLabel,
  allowClear = true,
  disabled,
  style,
}: LevelSelectProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const label = t('school.select.level');
  return (
    <Select<CertLevel | undefined>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      allowClear={allowClear}
      disabled={disabled || waitingFor !== undefined}
      placeholder={waitingFor ?? placeholder ?? label}
      aria-label={ariaLabel ?? placeholder ?? label}
      style={{ width: '100%', ...style }}
      options={CERT_LEVELS.filter((level) => levels.includes(level)).map((level) => ({
        value: level,
        label: levelLabel(level),
      }))}
    />
  );
}
