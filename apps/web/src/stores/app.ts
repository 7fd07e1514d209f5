import { create } from 'zustand';
import i18n, { currentLanguage, setLanguage } from '../i18n';
import type { Language } from '../i18n/types';
import { storage } from '../utils/storage';

/** docs/spec.md §2: under 992 px wide the app is in mobile mode. */
export const MOBILE_BREAKPOINT = 992;
export type Device = 'desktop' | 'mobile';
export type Size = 'large' | 'medium' | 'small';
const SIZES: readonly Size[] = ['large', 'medium', 'small'];

const savedSize = storage.get('size');

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: Size;
  language: Language;
  toggleSideBar: () => void;
  closeSideBar: (withoutAnimation: boolean) => void;
  toggleDevice: (device: Device) => void;
  setSize: (size: Size) => void;
  setLanguage: (language: Language) => void;
}

/** Sidebar state is remembered as sidebarStatus: '1' open, '0' closed (docs/spec.md §3). */
export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: storage.get('sidebarStatus') !== '0', withoutAnimation: false },
  device: 'desktop',
  size: SIZES.includes(savedSize as Size) ? (savedSize as Size) : 'medium',
  language: currentLanguage(),
  toggleSideBar: () => {
    const opened = !get().sidebar.opened;
    storage.set('sidebarStatus', opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSideBar: (withoutAnimation) => {
    storage.set('sidebarStatus', '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  toggleDevice: (device) => set({ device }),
  setSize: (size) => {
    storage.set('size', size);
    set({ size });
  },
  setLanguage: (language) => {
    void setLanguage(language).then(() => set({ language }));
  },
}));

// Keep the store in step when something else changes the language.
i18n.on('languageChanged', () => {
  if (useAppStore.getState().language !== currentLanguage())
    useAppStore.setState({ language: currentLanguage() });
});
