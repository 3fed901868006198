import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@/app/routes';
import { useI18n } from '@/i18n';
import { bumpRefresh, tags, tagsStore, useVisitedViews } from './store';
import { lastViewPath, viewTitle, type VisitedView } from './views';

type TagAction = 'refresh' | 'close' | 'close-others' | 'close-all';

/** The open-page tabs: click to switch, right-click for refresh / close / close others / close all. */
export function TagsView() {
  const { t } = useI18n();
  const views = useVisitedViews();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const barRef = useRef<HTMLElement>(null);
  const activeIndex = views.findIndex((v) => v.path === pathname);

  // The active tab is scrolled into the bar: when the page changes, and when its tab joins the bar (a page's tab is
  // added after the page is shown) or others are opened or closed. Only the bar scrolls, never the page.
  useEffect(() => {
    const bar = barRef.current;
    const tab = bar?.querySelector('.dms-tag-active');
    if (!bar || !tab) return;
    const barBox = bar.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    const margin = 10;
    if (tabBox.left < barBox.left + margin) bar.scrollLeft -= barBox.left + margin - tabBox.left;
    else if (tabBox.right > barBox.right - margin) bar.scrollLeft += tabBox.right - (barBox.right - margin);
  }, [pathname, activeIndex, views.length]);

  const goLast = () => void navigate(lastViewPath(tagsStore.get(), HOME_PATH));

  function run(action: TagAction, view: VisitedView): void {
    const active = view.path === pathname;
    switch (action) {
      case 'refresh':
        bumpRefresh(view.path);
        void navigate(`/redirect${view.fullPath}`, { replace: true });
        return;
      case 'close':
        if (view.affix) return;
        tags.close(view.path);
        if (active) goLast();
        return;
      case 'close-others':
        tags.closeOthers(view.path);
        if (!active) void navigate(view.fullPath);
        return;
      case 'close-all':
        tags.closeAll();
        if (!tagsStore.get().some((v) => v.path === pathname)) goLast();
        return;
    }
  }

  function menu(view: VisitedView): MenuProps {
    const item = (key: TagAction, label: string) => ({ key, label: <span data-testid={`tag-menu-${key}`}>{label}</span> });
    return {
      items: [
        item('refresh', t('tagsView.menu.refresh')),
        ...(view.affix ? [] : [item('close', t('tagsView.menu.close'))]),
        item('close-others', t('tagsView.menu.closeOthers')),
        item('close-all', t('tagsView.menu.closeAll')),
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        run(key as TagAction, view);
      },
    };
  }

  return (
    <nav ref={barRef} className="dms-tags-view" data-testid="tags-view" aria-label={t('tagsView.label')}>
      {views.map((view) => {
        const active = view.path === pathname;
        const title = viewTitle(view, t);
        return (
          <Dropdown key={view.path} trigger={['contextMenu']} menu={menu(view)}>
            <span
              data-testid={`tag-${view.path}`}
              className={active ? 'dms-tag dms-tag-active' : 'dms-tag'}
              role="link"
              tabIndex={0}
              aria-current={active ? 'page' : undefined}
              onClick={() => void navigate(view.fullPath)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void navigate(view.fullPath);
                if (e.key === 'Delete' && !view.affix) run('close', view);
              }}
            >
              {active && <span className="dms-tag-dot" aria-hidden />}
              {title}
              {!view.affix && (
                <CloseOutlined
                  className="dms-tag-close"
                  data-testid="tag-close"
                  role="button"
                  aria-label={t('tagsView.tag.close', { title })}
                  onClick={(e) => {
                    e.stopPropagation();
                    run('close', view);
                  }}
                />
              )}
            </span>
          </Dropdown>
        );
      })}
    </nav>
  );
}
