import { create } from 'zustand';

/** A tab of the tags bar (docs/spec.md §3): a visited page. */
export interface TagView {
  path: string;
  /** Route name: what the page cache is keyed by. */
  name: string;
  /** i18n key of the title under `route.`; 'noName' when the route has none. */
  title: string;
  /** Query string with its "?", so a tab returns to the same filtered view. */
  search?: string;
  meta: { title: string; affix?: boolean; noCache?: boolean };
}

interface TagsViewState {
  visitedViews: TagView[];
  cachedViews: string[];
  addView: (view: TagView) => void;
  addVisitedView: (view: TagView) => void;
  addCachedView: (view: TagView) => void;
  delView: (view: TagView) => void;
  delVisitedView: (view: TagView) => void;
  delCachedView: (view: TagView) => void;
  delOthersViews: (view: TagView) => void;
  delAllViews: () => void;
  updateVisitedView: (view: TagView) => void;
  /** After a sign-out: no tab of the last user stays, pinned ones included. */
  reset: () => void;
}

/** docs/spec.md §4's tab store, exactly: pinned (affix) views survive "close others" and "close all". */
export const useTagsViewStore = create<TagsViewState>()((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view) => {
    get().addVisitedView(view);
    get().addCachedView(view);
  },
  addVisitedView: (view) =>
    set((state) =>
      state.visitedViews.some((v) => v.path === view.path)
        ? state
        : {
            visitedViews: [...state.visitedViews, { ...view, title: view.meta.title || 'noName' }],
          },
    ),
  addCachedView: (view) =>
    set((state) =>
      state.cachedViews.includes(view.name) || view.meta.noCache
        ? state
        : { cachedViews: [...state.cachedViews, view.name] },
    ),
  delView: (view) => {
    get().delVisitedView(view);
    get().delCachedView(view);
  },
  delVisitedView: (view) =>
    set((state) => ({ visitedViews: state.visitedViews.filter((v) => v.path !== view.path) })),
  delCachedView: (view) =>
    set((state) => ({ cachedViews: state.cachedViews.filter((name) => name !== view.name) })),
  delOthersViews: (view) =>
    set((state) => ({
      visitedViews: state.visitedViews.filter((v) => v.meta.affix || v.path === view.path),
      cachedViews: state.cachedViews.filter((name) => name === view.name),
    })),
  delAllViews: () =>
    set((state) => ({
      visitedViews: state.visitedViews.filter((v) => v.meta.affix),
      cachedViews: [],
    })),
  updateVisitedView: (view) =>
    set((state) => ({
      visitedViews: state.visitedViews.map((v) => (v.path === view.path ? { ...v, ...view } : v)),
    })),
  reset: () => set({ visitedViews: [], cachedViews: [] }),
}));
