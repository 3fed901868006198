import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { Dropdown } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { findPage, HOME_PATH } from '../app/routes.js';
import { t } from '../i18n/index.js';
import { closeAll, closeOthers, closeView, forget, useVisitedViews, visit, type VisitedView } from './tags.js';

/** Records every page visited (also while the tags view is hidden, so turning it on shows them). */
export function useRecordVisits(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const page = findPage(pathname);
    if (page) visit(page, search);
  }, [pathname, search]);
}

/** Open pages as tabs (spec 2): the dashboard pinned; refresh, close, close others, close all. */
export function TagsView() {
  const views = useVisitedViews();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const go = (view: VisitedView | undefined) => navigate(view ? `${view.path}${view.search}` : HOME_PATH);

  const close = (view: VisitedView) => {
    const next = closeView(view.path);
    if (view.path === pathname) go(next);
  };

  return (
    <div className="dms-tags" data-testid="tags-view" role="tablist">
      {views.map((view) => {
        const active = view.path === pathname;
        return (
          <Dropdown
            key={view.path}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'refresh', label: <span data-testid="tag-menu-refresh">{t('tagsView.refresh')}</span> },
                ...(view.affix ? [] : [{ key: 'close', label: <span data-testid="tag-menu-close">{t('tagsView.close')}</span> }]),
                { key: 'others', label: <span data-testid="tag-menu-close-others">{t('tagsView.closeOthers')}</span> },
                { key: 'all', label: <span data-testid="tag-menu-close-all">{t('tagsView.closeAll')}</span> },
              ],
              onClick: ({ key }) => {
                if (key === 'refresh') {
                  forget(view.path);
                  navigate(`/redirect${view.path}${view.search}`, { replace: true });
                } else if (key === 'close') close(view);
                else if (key === 'others') {
                  closeOthers(view.path);
                  if (!active) go(view);
                } else {
                  closeAll();
                  go(undefined);
                }
              },
            }}
          >
            <span
              role="tab"
              aria-selected={active}
              tabIndex={0}
              data-testid={`tag-${view.path}`}
              className={`dms-tag${active ? ' dms-tag-active' : ''}`}
              onClick={() => go(view)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') go(view);
              }}
            >
              {t(view.titleKey)}
              {!view.affix && (
                <CloseOutlined
                  data-testid="tag-close"
                  aria-label={t('tagsView.close')}
                  className="dms-tag-close"
                  onClick={(e) => {
                    e.stopPropagation();
                    close(view);
                  }}
                />
              )}
            </span>
          </Dropdown>
        );
      })}
    </div>
  );
}
