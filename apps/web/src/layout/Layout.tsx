import { Drawer } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { constantLayoutRoutes } from '../router/routes';
import { useCurrentRoute } from '../router/use-current-route';
import { MOBILE_BREAKPOINT, useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { useTagsViewStore } from '../stores/tagsView';
import { AppProviders } from '../components/AppProviders';
import { AppMain } from './AppMain';
import { DefaultPasswordPrompt } from './DefaultPasswordPrompt';
import { Navbar } from './Navbar';
import { Settings } from './Settings';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import './layout.css';

/** docs/spec.md §2: under 992 px the app is in mobile mode and the sidebar becomes a drawer. */
function useDeviceWatch() {
  const toggleDevice = useAppStore((state) => state.toggleDevice);
  const closeSideBar = useAppStore((state) => state.closeSideBar);
  useEffect(() => {
    const update = () => {
      const mobile = window.innerWidth < MOBILE_BREAKPOINT;
      const wasMobile = useAppStore.getState().device === 'mobile';
      toggleDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && !wasMobile) closeSideBar(true);
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [toggleDevice, closeSideBar]);
}

/** Every page shown becomes a tab; pinned (affix) routes are tabs from the start. */
function useTagsFromRoutes() {
  const location = useLocation();
  const current = useCurrentRoute();
  useEffect(() => {
    for (const route of constantLayoutRoutes) {
      if (route.meta?.affix && route.name) {
        useTagsViewStore.getState().addVisitedView({
          path: route.path,
          name: route.name,
          title: route.meta.title,
          meta: { title: route.meta.title, affix: true, noCache: route.meta.noCache },
        });
      }
    }
  }, []);
  useEffect(() => {
    const route = current?.route;
    if (!route?.name || !route.meta || !route.component) return;
    const view = {
      path: route.path,
      name: route.name,
      title: route.meta.title,
      search: location.search,
      meta: { title: route.meta.title, affix: route.meta.affix, noCache: route.meta.noCache },
    };
    const store = useTagsViewStore.getState();
    store.addView(view);
    store.updateVisitedView(view);
  }, [current?.route, location.search]);
}

export default function Layout() {
  return (
    <AppProviders>
      <LayoutFrame />
    </AppProviders>
  );
}

function LayoutFrame() {
  useDeviceWatch();
  useTagsFromRoutes();
  const { sidebar, device, closeSideBar } = useAppStore();
  const { fixedHeader, tagsView, showSettings } = useSettingsStore();
  const mobile = device === 'mobile';
  const collapsed = !mobile && !sidebar.opened;

  return (
    <div className={`app-wrapper${mobile ? ' mobile' : ''}${collapsed ? ' collapsed' : ''}`}>
      {mobile ? (
        <Drawer
          open={sidebar.opened}
          placement="left"
          size={210}
          closable={false}
          onClose={() => closeSideBar(false)}
          styles={{ body: { padding: 0, background: 'var(--sidebar-bg)' } }}
        >
          <Sidebar collapsed={false} onNavigate={() => closeSideBar(false)} />
        </Drawer>
      ) : (
        <aside className="sidebar-container">
          <Sidebar collapsed={collapsed} />
        </aside>
      )}
      <div className="main-container">
        <header className={fixedHeader ? 'app-header fixed' : 'app-header'}>
          <Navbar />
          {tagsView && <TagsView />}
        </header>
        <AppMain />
      </div>
      {showSettings && !mobile && <Settings />}
      <DefaultPasswordPrompt />
    </div>
  );
}
