import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// StrictMode double-starts actors in dev, which leaves phantom actors in the
// Stately inspector (statelyai/inspect#44): skip it while QA inspects.
const inspecting = new URLSearchParams(window.location.search).has('inspect');
createRoot(root).render(inspecting ? <App /> : <StrictMode><App /></StrictMode>);
