import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initialLocale } from './i18n/locale';
import { activateLocale } from './i18n/runtime';
import { API_BASE, getToken } from './lib/api-client';
import { startEarlyRequests } from './lib/early-start';
import { registerServiceWorker } from './lib/offline';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function render(into: HTMLElement) {
  createRoot(into).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

// a signed-in portal's home: its first requests start now, side by side with the language's
// messages and before the portal's code (docs/decisions/0090)
startEarlyRequests(window.location.pathname, getToken(), API_BASE);

// the first words need their catalogue (a small chunk per language): render once it is in
activateLocale(initialLocale())
  .catch((err: unknown) => {
    console.warn('Could not load the chosen language; using English', err);
    return activateLocale('en');
  })
  .finally(() => render(root));

registerServiceWorker();
