import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// StrictMode renders every component twice in dev: each actor hook (useStartedActor) creates a second actor that
// is never started but still shows in the Stately inspector as a phantom (statelyai/inspect#44): skip StrictMode
// while QA inspects. Actors start once either way; the dev server otherwise runs under StrictMode.
const inspecting = new URLSearchParams(window.location.search).has('inspect');
createRoot(root).render(inspecting ? <App /> : <StrictMode><App /></StrictMode>);
