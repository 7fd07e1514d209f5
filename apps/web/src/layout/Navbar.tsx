import {
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  FontSizeOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGE_NAMES } from '../i18n';
import { LANGUAGES } from '../i18n/types';
import { useAppStore, type Size } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { useUserStore } from '../stores/user';
import { useSystemLabels } from '../utils/use-system-labels';
import { Breadcrumb } from './Breadcrumb';
import { ErrorLog } from './ErrorLog';
import { HeaderSearch } from './HeaderSearch';
import { Settings } from './Settings';

const FIRST_ADMIN_ID = 1;
const SIZES: Size[] = ['large', 'medium', 'small'];

export function Navbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const app = useAppStore();
  const info = useUserStore((state) => state.info);
  const showSettings = useSettingsStore((state) => state.showSettings);
  const labels = useSystemLabels();
  const [openMenu, setOpenMenu] = useState<'language' | 'size' | null>(null);

  const signOut = async () => {
    const redirect = window.location.pathname + window.location.search;
    await useUserStore.getState().logout();
    navigate(`/login?redirect=${encodeURIComponent(redirect)}`, { replace: true });
  };

  const userItems: MenuProps['items'] = [
    {
      key: 'profile',
      label: t('layout.userMenu.profile'),
      onClick: () => navigate('/profile/index'),
    },
    {
      key: 'dashboard',
      label: t('layout.userMenu.dashboard'),
      onClick: () => navigate('/dashboard'),
    },
    ...(info?.id === FIRST_ADMIN_ID
      ? [
          { type: 'divider' as const },
          {
            key: 'manual',
            label: (
              <a href="/docs/manual.html" target="_blank" rel="noreferrer">
                {t('layout.userMenu.manual')}
              </a>
            ),
          },
          {
            key: 'deployment',
            label: (
              <a href="/docs/deployment.html" target="_blank" rel="noreferrer">
                {t('layout.userMenu.deployment')}
              </a>
            ),
          },
          {
            key: 'expiry',
            disabled: true,
            label: info.endDate
              ? t('layout.userMenu.expiry', { date: dayjs(info.endDate).format('YYYY-MM-DD') })
              : t('layout.userMenu.noExpiry'),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', label: t('layout.userMenu.logout'), onClick: () => void signOut() },
  ];

  const displayName = info ? labels.userName(info) : '';
  const identity = (
    <span className="navbar-user" data-testid="navbar-user">
      {/* A picture or an icon, no letter: the button's name is the name shown beside it. */}
      <Avatar size="small" src={info?.avatar || undefined} icon={<UserOutlined />} alt="" />
      <span className="navbar-nickname">{displayName}</span>
    </span>
  );

  return (
    <div className="navbar">
      <button
        type="button"
        className="hamburger"
        aria-label={t('layout.toggleSidebar')}
        onClick={app.toggleSideBar}
      >
        {app.sidebar.opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <Breadcrumb />
      <div className="navbar-right">
        {app.device !== 'mobile' && <HeaderSearch />}
        <ErrorLog />
        <Dropdown
          trigger={['click']}
          // Controlled and without a closing animation: the menu is gone before the language
          // (and antd's locale) changes under it; a leave animation cut short by that re-render
          // could leave the menu on screen.
          transitionName=""
          open={openMenu === 'language'}
          onOpenChange={(open) => setOpenMenu(open ? 'language' : null)}
          menu={{
            selectable: true,
            selectedKeys: [app.language],
            items: LANGUAGES.map((language) => ({
              key: language,
              label: LANGUAGE_NAMES[language],
            })),
            onClick: ({ key }) => {
              setOpenMenu(null);
              app.setLanguage(key as (typeof LANGUAGES)[number]);
            },
          }}
        >
          <button
            type="button"
            className="navbar-icon"
            aria-label={t('common.language')}
            data-testid="language-switch"
          >
            <GlobalOutlined />
          </button>
        </Dropdown>
        <Dropdown
          trigger={['click']}
          transitionName=""
          open={openMenu === 'size'}
          onOpenChange={(open) => setOpenMenu(open ? 'size' : null)}
          menu={{
            selectable: true,
            selectedKeys: [app.size],
            items: SIZES.map((size) => ({ key: size, label: t(`common.sizes.${size}`) })),
            onClick: ({ key }) => {
              setOpenMenu(null);
              app.setSize(key as Size);
            },
          }}
        >
          <button type="button" className="navbar-icon" aria-label={t('common.size')}>
            <FontSizeOutlined />
          </button>
        </Dropdown>
        {showSettings && app.device === 'mobile' && <Settings inNavbar />}
        {/* Spec §2: the user menu shows only when the remote-login flag equals 1. */}
        {info?.remoteLogin === 1 ? (
          <Dropdown trigger={['click']} menu={{ items: userItems }}>
            <button
              type="button"
              className="navbar-icon navbar-user-button"
              // Starts with the name it shows (WCAG 2.5.3), then says what it opens.
              aria-label={t('layout.userMenu.open', { name: displayName })}
            >
              {identity}
            </button>
          </Dropdown>
        ) : (
          identity
        )}
      </div>
    </div>
  );
}
