import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n';
import { LANGUAGES, type Language } from '../../i18n/types';
import { useAppStore } from '../../stores/app';
import './public-page.css';

/**
 * The frame of the pages shown without signing in (the sign-in page, a certificate's check): the
 * brand's background and the language buttons. Plain buttons, not a dropdown menu: these pages
 * load as little as they can.
 */
export function PublicPage({
  main = false,
  className,
  children,
}: {
  /** The page's content is its main landmark (a page with no other frame around it). */
  main?: boolean;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  const Frame = main ? 'main' : 'div';
  return (
    <Frame className={`public-page ${className}`}>
      <nav
        className="public-page-languages"
        aria-label={t('common.language')}
        data-testid="language-switch"
      >
        {LANGUAGES.map((lng) => (
          <button
            key={lng}
            type="button"
            lang={lng}
            aria-pressed={lng === language}
            className={lng === language ? 'active' : undefined}
            onClick={() => setLanguage(lng as Language)}
          >
            {LANGUAGE_NAMES[lng]}
          </button>
        ))}
      </nav>
      {children}
    </Frame>
  );
}
