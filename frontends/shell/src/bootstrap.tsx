import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerRemotes } from './remotes/registry.js';
import { ShellApp } from './shell-app.js';
import './shell.css';

// Start fetching /remotes.json while the language messages load.
void registerRemotes();

const root = document.getElementById('root');
if (!root) throw new Error('shell: #root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <ShellApp />
    </BrowserRouter>
  </StrictMode>,
);
