import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useTagsViewStore, type TagView } from '../stores/tagsView';

/** docs/spec.md §9: a tab scrolled into view keeps this much room to the bar's edge. */
const TAB_SCROLL_PADDING = 4;

/** docs/spec.md §2 tags bar: click to switch, right-click for refresh/close/close others/close all. */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const visitedViews = useTagsViewStore((state) => state.visitedViews);
  const scroller = useRef<HTMLDivElement>(null);

  const isActive = (view: TagView) => view.path === location.pathname;

  useEffect(() => {
    const container = scroller.current;
    const active = container?.querySelector<HTMLElement>('.tags-view-item.active');
    if (!container || !active) return;
    const left = active.offsetLeft - TAB_SCROLL_PADDING;
    const right = active.offsetLeft + active.offsetWidth + TAB_SCROLL_PADDING;
    if (left < container.scrollLeft) container.scrollLeft = left;
    else if (right > container.scrollLeft + container.clientWidth)
      container.scrollLeft = right - container.clientWidth;
  }, [location.pathname, visitedViews.length]);

  /** docs/spec.md §2: after closing the active tab, go to the last remaining one, or to /. */
  const toLastView = (remaining: TagView[]) => {
    const latest = remaining.at(-1);
    navigate(latest ? latest.path + (latest.search ?? '') : '/');
  };

  const store = useTagsViewStore.getState;
  const close = (view: TagView) => {
    store().delView(view);
    if (isActive(view)) toLastView(store().visitedViews);
  };
  const refresh = (view: TagView) => {
    store().delCachedView(view);
    navigate(`/redirect${view.path}${view.search ?? ''}`, { replace: true });
  };
  const closeOthers = (view: TagView) => {
    if (!isActive(view)) navigate(view.path + (view.search ?? ''));
    store().delOthersViews(view);
  };
  const closeAll = (view: TagView) => {
    store().delAllViews();
    const remaining = store().visitedViews;
    if (!remaining.some((v) => v.path === view.path && isActive(v))) toLastView(remaining);
  };

  return (
    <div className="tags-view" ref={scroller} data-testid="tags-view">
      {visitedViews.map((view) => (
        <Dropdown
          key={view.path}
          trigger={['contextMenu']}
          menu={{
            items: [
              { key: 'refresh', label: t('layout.tags.refresh') },
              { key: 'close', label: t('layout.tags.close'), disabled: Boolean(view.meta.affix) },
              { key: 'closeOthers', label: t('layout.tags.closeOthers') },
              { key: 'closeAll', label: t('layout.tags.closeAll') },
            ],
            onClick: ({ key }) => {
              if (key === 'refresh') refresh(view);
              else if (key === 'close') close(view);
              else if (key === 'closeOthers') closeOthers(view);
              else closeAll(view);
            },
          }}
        >
          <span
            className={`tags-view-item${isActive(view) ? ' active' : ''}`}
            data-path={view.path}
            onClick={() => navigate(view.path + (view.search ?? ''))}
          >
            {t(`route.${view.title}` as 'route.noName', { defaultValue: t('route.noName') })}
            {!view.meta.affix && (
              <CloseOutlined
                className="tags-view-close"
                aria-label={t('layout.tags.close')}
                onClick={(event) => {
                  event.stopPropagation();
                  close(view);
                }}
              />
            )}
          </span>
        </Dropdown>
      ))}
    </div>
  );
}
