import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element');

initI18n()
  .catch((error: unknown) => console.error('Translations could not be loaded', error))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={createQueryClient()} />
      </StrictMode>,
    );
  });
