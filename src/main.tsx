import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setupInspector } from './app/inspector';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The inspector (only with ?inspect) must exist before the first actor is created.
void setupInspector().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
