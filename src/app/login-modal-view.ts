import { withMessages } from '../i18n/i18n-provider';

/**
 * The login modal and the self-exclusion dialog are chunks of their own (not in a guest's first load),
 * fetched when shown (closed, each renders nothing) with their messages; the modal's forms are fetched beside
 * them. The modal's chunk is also asked for by the root's fetch of the modal's flow (./app-runtime.ts, which imports this module and not the session's screens), so /login
 * waits for one round trip, not two in a row.
 */
export const loadLoginModalView = withMessages('forms', () =>
  // Both asked for at once; the view is ready when both are (the region renders the forms), and a failed fetch
  // of either is the view's failure, never an unhandled rejection of its own.
  Promise.all([import('./login-modal-region'), import('../features/session/session-forms')]).then(([m]) => ({
    default: m.LoginModalRegion,
  })),
);
