import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { ColorPicker, Drawer, Switch, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';
import {
  THEME_PRESETS,
  useSettingsStore,
  type Settings as SettingsValues,
} from '../stores/settings';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

/**
 * docs/spec.md §2 settings drawer, opened by the right panel button (top 120 px, docs/spec.md §9) or, on a
 * phone, where that button would cover the search boxes, by an icon of the navbar.
 */
export function Settings({ inNavbar = false }: { inNavbar?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const settings = useSettingsStore();
  const language = useAppStore((state) => state.language);
  const toggle = (key: keyof Omit<SettingsValues, 'theme'>) => (
    <Switch checked={settings[key]} onChange={(value) => settings.changeSetting(key, value)} />
  );

  return (
    <>
      <button
        type="button"
        className={inNavbar ? 'navbar-icon' : 'right-panel-button'}
        style={inNavbar ? undefined : { background: settings.theme }}
        aria-label={t('layout.settings')}
        onClick={() => setOpen(true)}
      >
        <SettingOutlined />
      </button>
      <Drawer
        title={t('layout.settingsDrawer.title')}
        open={open}
        onClose={() => setOpen(false)}
        size={300}
      >
        <Row label={t('layout.settingsDrawer.theme')}>
          <ColorPicker
            value={settings.theme}
            disabledAlpha
            onChangeComplete={(color) => settings.changeSetting('theme', color.toHexString())}
          />
        </Row>
        <div
          className="theme-presets"
          role="radiogroup"
          aria-label={t('layout.settingsDrawer.theme')}
        >
          {THEME_PRESETS.map((color) => (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={settings.theme.toLowerCase() === color.toLowerCase()}
              aria-label={color}
              className="theme-swatch"
              style={{ background: color }}
              onClick={() => settings.changeSetting('theme', color)}
            >
              {settings.theme.toLowerCase() === color.toLowerCase() && <CheckOutlined />}
            </button>
          ))}
        </div>
        <Typography.Paragraph type="secondary" className="theme-note">
          {t('layout.settingsDrawer.themeNote')}
        </Typography.Paragraph>
        <Row label={t('layout.settingsDrawer.tagsView')}>{toggle('tagsView')}</Row>
        <Row label={t('layout.settingsDrawer.fixedHeader')}>{toggle('fixedHeader')}</Row>
        <Row label={t('layout.settingsDrawer.sidebarLogo')}>{toggle('sidebarLogo')}</Row>
        {language === 'zh' && (
          <Row label={t('layout.settingsDrawer.pinyinSearch')}>{toggle('supportPinyinSearch')}</Row>
        )}
      </Drawer>
    </>
  );
}
