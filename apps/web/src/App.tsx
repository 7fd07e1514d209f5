import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router/AppRoutes';
import { Guard } from './router/Guard';

export function App() {
  const { t, i18n } = useTranslation();

  // docs/spec.md §2: the page title is the fixed product title.
  useEffect(() => {
    document.title = t('common.productTitle');
  }, [t, i18n.language]);

  return (
    // Location updates render at once, in the same pass as store changes (sign-out, route
    // generation); with transitions the guard could see a new session state with an old path.
    <BrowserRouter useTransitions={false}>
      <Guard>
        <AppRoutes />
      </Guard>
    </BrowserRouter>
  );
}
