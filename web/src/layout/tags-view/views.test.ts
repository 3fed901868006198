import { describe, expect, it } from 'vitest';
import {
  addView,
  closeAllViews,
  closeLeftViews,
  closeOtherViews,
  closeView,
  lastViewPath,
  markCloseWhenLeft,
  viewTitle,
  type VisitedView,
} from './views';

const view = (path: string, affix = false): VisitedView => ({
  path,
  fullPath: path,
  name: path.slice(1),
  params: {},
  titleKey: 'route.dashboard',
  affix,
  noCache: false,
});

describe('tags view operations', () => {
  const dashboard = view('/dashboard', true);
  const a = view('/a');
  const b = view('/b');

  it('adds once per path, pinned tabs first, query kept', () => {
    let views = addView([], a);
    views = addView(views, dashboard);
    views = addView(views, b);
    views = addView(views, { ...a, fullPath: '/a?x=1' });
    expect(views.map((v) => v.fullPath)).toEqual(['/dashboard', '/a?x=1', '/b']);
  });

  it('close keeps pinned tabs; close others keeps pinned and the one; close all keeps pinned', () => {
    const views = [dashboard, a, b];
    expect(closeView(views, '/a').map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(closeView(views, '/dashboard').map((v) => v.path)).toEqual(['/dashboard', '/a', '/b']);
    expect(closeOtherViews(views, '/b').map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(closeAllViews(views).map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('a tab marked to close when left stays while its page is shown and closes once another is; pinned tabs stay', () => {
    const form = view('/form');
    const marked = markCloseWhenLeft(markCloseWhenLeft([dashboard, a, form], '/form'), '/dashboard');
    expect(closeLeftViews(marked, '/form').map((v) => v.path)).toEqual(['/dashboard', '/a', '/form']);
    expect(closeLeftViews(marked, '/a').map((v) => v.path)).toEqual(['/dashboard', '/a']);
    // Unmarked tabs are not closed by leaving them.
    expect(closeLeftViews([dashboard, a, form], '/b').map((v) => v.path)).toEqual(['/dashboard', '/a', '/form']);
  });

  it('after closing the current tab: the last one, else home', () => {
    expect(lastViewPath([dashboard, a], '/dashboard')).toBe('/a');
    expect(lastViewPath([], '/dashboard')).toBe('/dashboard');
  });
});

describe('tab titles', () => {
  const t = (key: string) => (key === 'route.dashboard' ? 'Dashboard' : key);
  it('names the device or box a tab shows after the route title', () => {
    expect(viewTitle({ titleKey: 'route.dashboard', params: {} }, t)).toBe('Dashboard');
    expect(viewTitle({ titleKey: 'route.dashboard', params: { tagId: '100006', controllerId: '1' } }, t)).toBe('Dashboard 100006 · 1');
    expect(viewTitle({ titleKey: 'route.dashboard', params: { tagId: '100006-1', time: '1763700000000' } }, t)).toBe('Dashboard 100006-1');
  });
});
