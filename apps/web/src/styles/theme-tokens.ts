import type { ThemeConfig } from 'antd';
import { readableOnWhite } from './contrast';

/**
 * The settings' theme colour split by use. Text, and white text on a fill (primary buttons,
 * selected items, links), takes the deeper shade that reaches 4.5:1 (WCAG AA); what only decorates
 * (switches, tab ink bars, progress bars, the header's accent line, the settings button) shows the
 * colour exactly as chosen. The settings drawer says why (layout.settingsDrawer.themeNote).
 */
export function themeColours(theme: string) {
  const readable = readableOnWhite(theme);
  const token: ThemeConfig['token'] = {
    colorPrimary: readable,
    colorPrimaryText: readable,
  };
  const components: ThemeConfig['components'] = {
    Switch: { colorPrimary: theme, colorPrimaryHover: theme },
    Tabs: { inkBarColor: theme },
    Progress: { defaultColor: theme },
  };
  return { chosen: theme, readable, token, components };
}

/** The chosen colour for the app's own decoration (layout.css reads --theme-chosen). */
export function applyChosenColour(theme: string, root: { style: CSSStyleDeclaration }) {
  root.style.setProperty('--theme-chosen', theme);
}
