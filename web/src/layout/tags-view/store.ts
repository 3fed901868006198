import { onSignOut } from '@/auth/session';
import { createStore, useStore } from '@/lib/store';
import { addView, closeAllViews, closeLeftViews, closeOtherViews, closeView, markCloseWhenLeft, type VisitedView } from './views';

/** The open tabs. Cleared at sign-out (spec 4). */
export const tagsStore = createStore<readonly VisitedView[]>([]);

onSignOut(() => {
  tagsStore.set([]);
});

export function useVisitedViews(): readonly VisitedView[] {
  return useStore(tagsStore, (s) => s);
}

export const tags = {
  add: (view: VisitedView) => {
    tagsStore.set((s) => addView(s, view));
  },
  close: (path: string) => {
    tagsStore.set((s) => closeView(s, path));
  },
  closeOthers: (path: string) => {
    tagsStore.set((s) => closeOtherViews(s, path));
  },
  closeAll: () => {
    tagsStore.set((s) => closeAllViews(s));
  },
  /** The tab of `path` closes once its page is left (`left`). */
  closeWhenLeft: (path: string) => {
    tagsStore.set((s) => markCloseWhenLeft(s, path));
  },
  /** The page shown is `current`: the marked tabs of the pages left close. */
  left: (current: string) => {
    tagsStore.set((s) => {
      const next = closeLeftViews(s, current);
      return next.length === s.length ? s : next;
    });
  },
};

/** Remount counters per path: "refresh" bumps one so the kept-alive page starts afresh. */
export const refreshStore = createStore<Readonly<Record<string, number>>>({});

export function useRefreshVersions(): Readonly<Record<string, number>> {
  return useStore(refreshStore, (s) => s);
}

export function bumpRefresh(path: string): void {
  refreshStore.set((s) => ({ ...s, [path]: (s[path] ?? 0) + 1 }));
}
