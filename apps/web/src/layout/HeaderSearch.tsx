import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { useSettingsStore } from '../stores/settings';
import {
  PINYIN_OPTIONS,
  collectMenuEntries,
  indexMenuEntries,
  searchMenu,
  type PinyinOf,
} from './menu-search';

let pinyinLoader: Promise<PinyinOf> | undefined;

/** pinyin-pro's dictionary is large: fetched once, the first time a Chinese user opens the search. */
function loadPinyin(): Promise<PinyinOf> {
  pinyinLoader ??= import('pinyin-pro').then(
    ({ pinyin }) =>
      (text: string) =>
        pinyin(text, PINYIN_OPTIONS),
  );
  // A failed download (e.g. a deploy replaced the chunk) may succeed on the next opening.
  pinyinLoader.catch(() => {
    pinyinLoader = undefined;
  });
  return pinyinLoader;
}

/**
 * The navbar's menu search: a search icon that opens a select over the pages the user can see,
 * matched by title and, in Chinese with the setting on, by pinyin and its initials.
 */
export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = usePermissionStore((state) => state.routes);
  const pinyinSetting = useSettingsStore((state) => state.supportPinyinSearch);
  const withPinyin = pinyinSetting && i18n.language === 'zh';
  const [show, setShow] = useState(false);
  const [query, setQuery] = useState('');
  const [pinyinOf, setPinyinOf] = useState<PinyinOf>();

  const index = useMemo(
    () =>
      indexMenuEntries(
        collectMenuEntries(routes, (title) => t(`route.${title}`)),
        withPinyin ? pinyinOf : undefined,
      ),
    [routes, t, withPinyin, pinyinOf],
  );
  const options = useMemo(
    () => searchMenu(index, query).map((entry) => ({ value: entry.path, label: entry.label })),
    [index, query],
  );

  const close = () => {
    setShow(false);
    setQuery('');
  };

  const open = () => {
    setShow(true);
    if (withPinyin && !pinyinOf) {
      // Until it arrives, titles still match as text; a state setter must be handed a function.
      loadPinyin().then(
        (loaded) => setPinyinOf(() => loaded),
        () => undefined,
      );
    }
  };

  return (
    <div className="header-search" style={{ display: 'inline-flex', alignItems: 'center' }}>
      <button
        type="button"
        className="navbar-icon"
        aria-label={t('search.open')}
        aria-expanded={show}
        data-testid="header-search"
        // Keeps focus in the open select, whose blur would otherwise close it just before this
        // click reopens it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={show ? close : open}
      >
        <SearchOutlined />
      </button>
      {show && (
        <Select<string>
          autoFocus
          showAction={['focus', 'click']}
          value={null}
          placeholder={withPinyin ? t('search.placeholderPinyin') : t('search.placeholder')}
          style={{ width: 240 }}
          popupMatchSelectWidth={false}
          options={options}
          notFoundContent={t('search.noMatch')}
          showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery }}
          onChange={(path) => {
            close();
            navigate(path);
          }}
          onBlur={close}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          data-testid="header-search-select"
        />
      )}
    </div>
  );
}
