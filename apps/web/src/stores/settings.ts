import { create } from 'zustand';
import { storage } from '../utils/storage';

/** docs/spec.md §9: eight presets; #409EFF is the default theme colour, #00bfad the product's own. */
export const THEME_PRESETS = [
  '#409EFF',
  '#00bfad',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
] as const;

export interface Settings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: THEME_PRESETS[0],
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
};

const STORAGE_KEY = 'settings';

interface SettingsState extends Settings {
  changeSetting: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...DEFAULT_SETTINGS,
  ...pickSettings(storage.getJson<Settings>(STORAGE_KEY)),
  changeSetting: (key, value) => {
    set({ [key]: value } as Partial<Settings>);
    const { changeSetting: _changeSetting, ...saved } = get();
    storage.set(STORAGE_KEY, JSON.stringify(saved));
  },
}));

/** Only known keys with the right types survive from storage. */
function pickSettings(saved: Partial<Settings>): Partial<Settings> {
  const picked: Partial<Settings> = {};
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (typeof saved[key] === typeof DEFAULT_SETTINGS[key])
      Object.assign(picked, { [key]: saved[key] });
  }
  return picked;
}
