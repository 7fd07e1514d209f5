import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import jaJP from 'antd/es/locale/ja_JP';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale } from 'antd/es/locale';
import type { ReactNode } from 'react';
import { queryClient } from '../api/query-client';
import type { Language } from '../i18n/types';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { FeedbackBridge } from './FeedbackBridge';

const ANTD_LOCALES: Record<Language, Locale> = { zh: zhCN, en: enUS, es: esES, ja: jaJP };
const COMPONENT_SIZE = { large: 'large', medium: 'middle', small: 'small' } as const;

/** Spec §9: menu background #6d6d6d, active text #00bfad (the sidebar's dark menu). */
const SIDEBAR_MENU = {
  darkItemBg: '#6d6d6d',
  darkSubMenuItemBg: '#626262',
  darkPopupBg: '#6d6d6d',
  darkItemColor: 'rgba(255, 255, 255, 0.88)',
  darkItemHoverBg: 'rgba(0, 0, 0, 0.12)',
  darkItemSelectedBg: 'rgba(0, 0, 0, 0.18)',
  darkItemSelectedColor: '#00bfad',
};

/**
 * antd (theme, locale, size, message/modal context) and server-data caching for the pages
 * inside the app. The sign-in page does without, so it loads a fraction of the code.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useAppStore((state) => state.language);
  const size = useAppStore((state) => state.size);
  const theme = useSettingsStore((state) => state.theme);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      componentSize={COMPONENT_SIZE[size]}
      theme={{ token: { colorPrimary: theme }, components: { Menu: SIDEBAR_MENU } }}
    >
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
