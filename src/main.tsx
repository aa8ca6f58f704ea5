import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The app's one actor system is created outside React's render (src/app/app-runtime.ts), once per page, so
// StrictMode's double render neither starts a second system nor shows phantom actors to the inspector.
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
