import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initialLocale } from './i18n/locale';
import { activateLocale } from './i18n/runtime';
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

// the first words need their catalogue (a small chunk per language): render once it is in
activateLocale(initialLocale())
  .catch((err: unknown) => {
    console.warn('Could not load the chosen language; using English', err);
    return activateLocale('en');
  })
  .finally(() => render(root));

registerServiceWorker();
