import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@manzil/ui/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@manzil/ui';
import { initialLanguage, loadShellMessages } from './i18n/language.js';
import { prefetchRemoteFor, registerRemotes } from './remotes/registry.js';
import { ShellApp } from './shell-app.js';
import './shell.css';

// Start fetching /remotes.json, the page's messages and its remote at once, not one after the
// other behind the first render (the messages' chunk is requested once: the render's call finds
// it loading).
void registerRemotes();
loadShellMessages(initialLanguage()).catch(() => undefined);
prefetchRemoteFor(window.location.pathname);

/**
 * The page's one QueryClient: it wraps the routes and so every remote's outlet, and the
 * remotes share @tanstack/react-query with the shell (webpack.common.cjs), so their reads
 * land in this cache too.
 */
const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('shell: #root is missing from index.html');
// A transition: React renders the first page in slices and lets the browser in between, rather
// than in one long task (Lighthouse's total blocking time on a phone).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ShellApp />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
