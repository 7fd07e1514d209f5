/** localStorage that never throws (private mode, disabled storage, tests without a DOM). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // preferences are a comfort, not a requirement
    }
  },
  getJson<T>(key: string): Partial<T> {
    try {
      const raw = this.get(key);
      return raw ? (JSON.parse(raw) as Partial<T>) : {};
    } catch {
      return {};
    }
  },
};
