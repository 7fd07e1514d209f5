import { App, Button, Card, Empty, Input, Typography } from 'antd';
import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import * as iconSet from './icon-set';

// The gallery's icons, in the order of their names (a module namespace lists its exports sorted).
const ICONS: Record<string, ComponentType> = iconSet;

const ICON_LIST = Object.entries(ICONS).map(([name, Icon]) => ({
  name,
  Icon,
  code: `<${name} />`,
  searchText: name.toLowerCase(),
}));

/**
 * The asynchronous clipboard API exists only in secure contexts (HTTPS or localhost); a plain
 * HTTP intranet deployment needs the old selection-and-copy route.
 */
async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied by the browser: the selection route below may still be allowed.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** docs/spec.md §2's hidden /icon/index: a searchable gallery; clicking an icon copies its JSX. */
export default function Icons() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [query, setQuery] = useState('');

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase().replace(/\s+/g, '');
    return needle ? ICON_LIST.filter((icon) => icon.searchText.includes(needle)) : ICON_LIST;
  }, [query]);

  const copy = async (code: string) => {
    if (await copyText(code)) void message.success(t('icons.copied', { code }));
    else void message.error(t('icons.copyFailed'));
  };

  return (
    <Card>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 16,
          marginBottom: 16,
        }}
      >
        <Input.Search
          allowClear
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('icons.searchPlaceholder')}
          style={{ maxWidth: 320 }}
          data-testid="icons-search"
        />
        <Typography.Text type="secondary">
          {t('icons.hint')} {t('icons.shown', { count: shown.length })}
        </Typography.Text>
      </div>
      {shown.length === 0 ? (
        <Empty description={t('icons.noMatch')} />
      ) : (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
            gap: 8,
          }}
        >
          {shown.map(({ name, Icon, code }) => (
            <Button
              key={name}
              type="text"
              title={code}
              onClick={() => void copy(code)}
              style={{
                height: 88,
                display: 'flex',
                flexDirection: 'column',
                gap: 8,
                whiteSpace: 'normal',
              }}
              data-testid="icon-tile"
            >
              <span style={{ fontSize: 26, lineHeight: 1 }}>
                <Icon />
              </span>
              <span style={{ fontSize: 12, wordBreak: 'break-all' }}>{name}</span>
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
