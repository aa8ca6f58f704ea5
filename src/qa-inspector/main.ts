/**
 * The offline inspection page's entry (qa/inspector.html; issue 18 item 3): a QA tool, never loaded by a player's
 * page, built on its own (scripts/lib/vite-qa-inspector.ts). ./boot.tsx starts it.
 */
import './boot';
