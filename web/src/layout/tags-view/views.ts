import type { TKey } from '@/i18n/types';

/** One open tab (spec 3 "visited view"): path, name, params and title. */
export interface VisitedView {
  /** The path the tab is keyed by. */
  path: string;
  /** Path and query, to come back exactly where the user was. */
  fullPath: string;
  /** The route's name. */
  name: string;
  params: Readonly<Record<string, string | undefined>>;
  titleKey: TKey;
  /** Pinned: cannot be closed. */
  affix: boolean;
  /** Not kept alive. */
  noCache: boolean;
  /** Closes once the user has left its page: a form done with (`useCloseTab`). */
  closeWhenLeft?: boolean;
}

/** Pure operations on the open tabs; the store applies them. */

/** Adds a tab, or updates the one with the same path (e.g. a new query). Pinned tabs go first. */
export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index >= 0) {
    const existing = views[index];
    if (existing && existing.fullPath === view.fullPath) return [...views];
    return views.map((v, i) => (i === index ? { ...view, affix: v.affix || view.affix } : v));
  }
  if (view.affix) {
    const lastAffix = views.reduce((last, v, i) => (v.affix ? i : last), -1);
    return [...views.slice(0, lastAffix + 1), view, ...views.slice(lastAffix + 1)];
  }
  return [...views, view];
}

/** Closes one tab; pinned tabs stay. */
export function closeView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path !== path);
}

/** Keeps the pinned tabs and the given one. */
export function closeOtherViews(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path === path);
}

/** Keeps only the pinned tabs. */
export function closeAllViews(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((v) => v.affix);
}

/** Marks a tab to close once its page is left. */
export function markCloseWhenLeft(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.map((v) => (v.path === path && !v.affix ? { ...v, closeWhenLeft: true } : v));
}

/** Closes the marked tabs of every page but the one shown (`current`). */
export function closeLeftViews(views: readonly VisitedView[], current: string): VisitedView[] {
  return views.filter((v) => !v.closeWhenLeft || v.path === current);
}

/** Where to go when the current tab disappears: the last remaining tab, else home. */
export function lastViewPath(views: readonly VisitedView[], home: string): string {
  return views.at(-1)?.fullPath ?? home;
}

/**
 * A tab's title: the route's, followed by the device or box it shows (`tagId`, `controllerId` parameters: "Device
 * detail 100006 · 1"), so two open devices can be told apart.
 */
export function viewTitle(view: Pick<VisitedView, 'titleKey' | 'params'>, translate: (key: TKey) => string): string {
  const which = [view.params.tagId, view.params.controllerId].filter((p): p is string => Boolean(p)).join(' · ');
  return which ? `${translate(view.titleKey)} ${which}` : translate(view.titleKey);
}
