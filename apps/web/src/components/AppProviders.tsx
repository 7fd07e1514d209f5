import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import jaJP from 'antd/es/locale/ja_JP';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale } from 'antd/es/locale';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from '../api/query-client';
import type { Language } from '../i18n/types';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { readableOnWhite } from '../styles/contrast';
import { applyChosenColour, themeColours } from '../styles/theme-tokens';
import { FeedbackBridge } from './FeedbackBridge';

const ANTD_LOCALES: Record<Language, Locale> = { zh: zhCN, en: enUS, es: esES, ja: jaJP };
const COMPONENT_SIZE = { large: 'large', medium: 'middle', small: 'small' } as const;

/**
 * docs/spec.md §9: menu background #6d6d6d, active text #00bfad (the sidebar's dark menu). White text
 * reaches 5.2:1 on that grey; the active pair is 2.2:1, fixed by the spec (README
 * "Accessibility"), and stays on the same grey (no darker open group or selected background)
 * so that it is the only exception.
 */
const SIDEBAR_MENU = {
  darkItemBg: '#6d6d6d',
  darkSubMenuItemBg: '#6d6d6d',
  darkPopupBg: '#6d6d6d',
  darkItemColor: '#ffffff',
  darkItemHoverBg: 'rgba(0, 0, 0, 0.12)',
  darkItemSelectedBg: 'transparent',
  darkItemSelectedColor: '#00bfad',
};

/** antd's tertiary and description greys (#8c8c8c, 3.4:1 on white) darkened to 5.7:1. */
const READABLE_GREY = 'rgba(0, 0, 0, 0.6)';
/** Placeholders (#bfbfbf, 1.8:1) darkened to 4.7:1, still lighter than what is typed. */
const READABLE_PLACEHOLDER = 'rgba(0, 0, 0, 0.55)';
/** antd's red, link blue and warning amber, as text on white: 3.3:1, 4.1:1 and 1.9:1. */
const ERROR_RED = '#ff4d4f';
const LINK_BLUE = '#1677ff';
const WARNING_AMBER = '#faad14';

/**
 * antd (theme, locale, size, message/modal context) and server-data caching for the pages
 * inside the app. The sign-in page does without, so it loads a fraction of the code.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useAppStore((state) => state.language);
  const size = useAppStore((state) => state.size);
  const theme = useSettingsStore((state) => state.theme);
  const colours = themeColours(theme);
  useEffect(() => applyChosenColour(theme, document.documentElement), [theme]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      componentSize={COMPONENT_SIZE[size]}
      // Almost every dialog holds typed input: a stray click beside it must not throw that away.
      // Esc, Cancel and the close button still close it.
      modal={{ mask: { closable: false } }}
      // antd spaces out a two-character label ("保 存"): the Chinese convention only; in
      // Japanese "提 出" reads as a typo.
      button={{ autoInsertSpace: language === 'zh' }}
      theme={{
        token: {
          ...colours.token,
          colorLink: readableOnWhite(LINK_BLUE),
          colorError: readableOnWhite(ERROR_RED),
          // Warning text only (Typography type="warning"): icons and backgrounds keep the amber.
          colorWarningText: readableOnWhite(WARNING_AMBER),
          colorTextTertiary: READABLE_GREY,
          colorTextDescription: READABLE_GREY,
          colorTextPlaceholder: READABLE_PLACEHOLDER,
        },
        components: {
          ...colours.components,
          Menu: SIDEBAR_MENU,
          // An empty table says so in the disabled grey (#bfbfbf, 1.8:1 on white): readable here.
          Table: { colorTextDisabled: READABLE_GREY },
        },
      }}
    >
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
