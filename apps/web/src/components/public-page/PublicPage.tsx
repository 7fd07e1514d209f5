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

/**
 * The white card a public page centres, headed by the product's logo, a title and a subtitle;
 * `className` sizes it (and may space or colour its heading).
 */
export function PublicCard({
  className,
  title,
  subtitle,
  logoSize,
  header = false,
  children,
}: {
  className: string;
  title: string;
  subtitle: string;
  logoSize: number;
  /** The heading is the card's header landmark (on a page whose content is its main). */
  header?: boolean;
  children: ReactNode;
}) {
  const Heading = header ? 'header' : 'div';
  return (
    <div className={`public-card ${className}`}>
      <Heading className="public-card-brand">
        <img src="/logo.svg" alt="" width={logoSize} height={logoSize} />
        <div>
          <h1 className="public-card-title">{title}</h1>
          <p className="public-card-subtitle">{subtitle}</p>
        </div>
      </Heading>
      {children}
    </div>
  );
}
