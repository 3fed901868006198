import { describe, expect, it } from 'vitest';
import { addView, closeAllViews, closeOtherViews, closeView, lastViewPath, type VisitedView } from './views';

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

  it('after closing the current tab: the last one, else home', () => {
    expect(lastViewPath([dashboard, a], '/dashboard')).toBe('/a');
    expect(lastViewPath([], '/dashboard')).toBe('/dashboard');
  });
});
