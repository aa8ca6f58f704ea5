/**
 * The offline inspection page's entry (qa/inspector.html): a QA tool, never loaded by a player's
 * page, built on its own (scripts/lib/vite-qa-inspector.ts). ./boot.tsx starts it.
 */
import './boot';
