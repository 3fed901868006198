import { onSignOut } from '../auth/session.js';
import { PAGES, type PageRoute } from '../app/routes.js';
import type { TKey } from '../i18n/index.js';
import { createStore, useStore } from '../utils/store.js';

/** An open page in the tags view (spec 3, "Visited view"): path, name, query and title. */
export interface VisitedView {
  path: string;
  name: string;
  search: string;
  titleKey: TKey;
  affix: boolean;
}

const pinned = (): VisitedView[] =>
  PAGES.filter((p) => p.affix).map((p) => ({ path: p.path, name: p.name, search: '', titleKey: p.titleKey, affix: true }));

export const tagsStore = createStore<VisitedView[]>(pinned());
export const useVisitedViews = (): VisitedView[] => useStore(tagsStore);

/** Pages kept alive, by path: the element rendered the first time, hidden while another tab is shown. */
export const keptAlive = new Map<string, React.ReactNode>();

export function visit(page: PageRoute, search: string): void {
  tagsStore.set((views) => {
    const existing = views.find((v) => v.path === page.path);
    if (existing) return existing.search === search ? views : views.map((v) => (v === existing ? { ...v, search } : v));
    return [...views, { path: page.path, name: page.name, search, titleKey: page.titleKey, affix: !!page.affix }];
  });
}

/** Closes one tab; returns where to go if it was the current one (its right neighbour, else left, else home). */
export function closeView(path: string): VisitedView | undefined {
  const views = tagsStore.get();
  const index = views.findIndex((v) => v.path === path);
  if (index < 0 || views[index]?.affix) return undefined;
  const next = views.filter((v) => v.path !== path);
  tagsStore.set(next);
  keptAlive.delete(path);
  return next[index] ?? next[index - 1] ?? next[0];
}

export function closeOthers(path: string): void {
  tagsStore.set((views) => views.filter((v) => v.affix || v.path === path));
  for (const key of [...keptAlive.keys()]) if (key !== path) keptAlive.delete(key);
}

export function closeAll(): void {
  tagsStore.set((views) => views.filter((v) => v.affix));
  keptAlive.clear();
}

/** Forget a kept-alive page so that it mounts afresh (the tags view's "refresh"). */
export function forget(path: string): void {
  keptAlive.delete(path);
}

onSignOut(() => {
  tagsStore.set(pinned());
  keptAlive.clear();
});
