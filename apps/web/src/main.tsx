import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/base.css';
import { i18nReady } from './i18n';
import { installGlobalErrorLog } from './utils/error-log';

installGlobalErrorLog();

void i18nReady().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
