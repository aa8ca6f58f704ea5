import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { connectAgeGate, sameAgeGate } from '../../machines/login-modal/age-gate.connect';
import type { loginModalMachine } from '../../machines/login-modal/login-modal.machine';
import type { LoginModalEvent } from '../../machines/login-modal/login-modal.types';
import { connectSession, connectSessionBrand } from '../../machines/session/session.connect';
import type { SessionCommand } from '../../machines/session/session.types';
import type { siteMachine } from '../../machines/site/site.machine';
import { AccountActions } from '../features/session/account-actions';
import { AgeGate } from '../features/session/age-gate';
import { ImpedimentBanner } from '../features/session/impediment-banner';
import { withMessages } from '../i18n/i18n-provider';
import { localizePath, type Locale } from '../i18n/locale';
import { useApp, useAppChild } from './app-context';
import { loadLoginModalView } from './login-modal-view';
import { PushPromptSlot } from './push-ui';
import type { SnapshotFrom } from 'xstate';

/** The chat widget's loader, fetched only for a brand that has a chat (not in the first load). */
const LiveChat = lazy(() => import('../features/session/live-chat').then((m) => ({ default: m.LiveChat })));

const LoginModal = lazy(loadLoginModalView);
const SelfExcludedDialog = lazy(
  withMessages('forms', () =>
    import('../features/session/self-excluded-dialog').then((m) => ({ default: m.SelfExcludedDialog })),
  ),
);

/** The reality check's pause and its texts, fetched once a player's reality check runs. */
const RealityCheckModal = lazy(
  withMessages('rg', () =>
    import('../features/responsible-gaming/reality-check-modal').then((m) => ({ default: m.RealityCheckModal })),
  ),
);
/** Portaria SPA/MF 2.579/2025: the gender and limits form, fetched when a player must complete it. */
const RegulatedProfileDialog = lazy(
  withMessages('rg', () =>
    import('../features/regulated-profile/regulated-profile-dialog').then((m) => ({
      default: m.RegulatedProfileDialog,
    })),
  ),
);
const PlayTimeWarning = lazy(
  withMessages('rg', () =>
    import('../features/responsible-gaming/reality-check-modal').then((m) => ({ default: m.PlayTimeWarning })),
  ),
);

/** The signed-in player's reality check (systemId `realityCheck`), while it runs. */
function RealityCheckSlot({
  historyHref,
  limitsHref,
  onSignOut,
}: {
  historyHref: string;
  limitsHref: string;
  onSignOut(): void;
}) {
  const realityCheck = useAppChild('realityCheck');
  if (!realityCheck) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckModal actorRef={realityCheck} historyHref={historyHref} onSignOut={onSignOut} />
      <PlayTimeWarning actorRef={realityCheck} limitsHref={limitsHref} />
    </Suspense>
  );
}

/** What the shell needs of the modal (its view model comes with the modal's chunk): open, and whether closing leads home. */
interface ModalShown {
  open: boolean;
  closeLeadsHome: boolean;
}
const CLOSED: ModalShown = { open: false, closeLeadsHome: false };
const shownOf = (s: SnapshotFrom<typeof loginModalMachine> | undefined): ModalShown => {
  const open = s?.matches({ modal: 'open' }) ?? false;
  return open ? { open, closeLeadsHome: Boolean(s?.context.openedByRoute) } : CLOSED;
};
const sameShown = (a: ModalShown, b: ModalShown) => a.open === b.open && a.closeLeadsHome === b.closeLeadsHome;

const brandSettingsOf = (s: SnapshotFrom<typeof siteMachine>) =>
  s.context.config ? connectSessionBrand(s.context.config) : null;
const sameSettings = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The session's parts of the default layout: the header's account area, the login modal, the age gate, the
 * self-exclusion refusal and the live chat. `loginTab` is the tab a route (/login, /register, /recover-pass) asks for.
 */
export function useSessionShell(locale: Locale): {
  account: ReactNode;
  overlays: ReactNode;
  /** A SIGAP "Impedido" player's banner above every page (IN SPA/MF 31/2025, IN SPA/MF 22/2025), or null. */
  notice: ReactNode;
  onSignIn: (() => void) | null;
} {
  const { app, site, session, ageGate, sessionServices } = useApp();
  // The modal runs once its code is fetched (the first time it must open): closed until then.
  const loginModal = useAppChild('loginModal');
  const navigate = useNavigate();
  const vm = useSelector(session, connectSession);
  const modal = useSelector(loginModal ?? undefined, shownOf, sameShown);
  const gate = useSelector(ageGate, connectAgeGate, sameAgeGate);
  const brand = useSelector(site, brandSettingsOf, sameSettings);

  // The routes' tabs (/login…), the guard of auth routes and "home once signed in there" are the root machine's.
  const home = localizePath('/', locale);
  const sendSession = useCallback((event: SessionCommand) => session.send(event), [session]);
  // Opening closes the side menu: the root routes it to both.
  const sendModal = useCallback(
    (event: LoginModalEvent) => (event.type === 'loginModal.open' ? app.send(event) : loginModal?.send(event)),
    [app, loginModal],
  );
  const closeModal = useCallback(() => {
    const leadsHome = modal.closeLeadsHome;
    app.send({ type: 'loginModal.close' });
    if (leadsHome) navigate(home);
  }, [modal.closeLeadsHome, app, navigate, home]);

  const overlays = useMemo(
    () => (
      <>
        {brand && loginModal && modal.open ? (
          <Suspense fallback={null}>
            <LoginModal
              modal={loginModal}
              onClose={closeModal}
              brand={brand}
              locale={locale}
              session={vm}
              drop={sessionServices.drop}
              forms={sessionServices.forms}
              sendSession={sendSession}
              sendModal={sendModal}
            />
          </Suspense>
        ) : null}
        {vm.selfExclusion || vm.selfExclusionEnded ? (
          <Suspense fallback={null}>
            <SelfExcludedDialog
              selfExclusion={vm.selfExclusion}
              ended={vm.selfExclusionEnded}
              failure={vm.selfExclusion ? vm.failure : null}
              responsibleGamingHref={localizePath('/responsible-gaming', locale)}
              onClose={() => session.send({ type: 'session.dismissSelfExclusion' })}
              onEnd={() => session.send({ type: 'session.endSelfExclusion' })}
              onSignIn={() => {
                session.send({ type: 'session.dismissSelfExclusion' });
                sendModal({ type: 'loginModal.open', tab: 'login' });
              }}
            />
          </Suspense>
        ) : null}
        {vm.regulatedProfile ? (
          <Suspense fallback={null}>
            <RegulatedProfileDialog
              actorRef={vm.regulatedProfile}
              locale={locale}
              onSignOut={() => session.send({ type: 'session.logout' })}
            />
          </Suspense>
        ) : null}
        <PushPromptSlot />
        <RealityCheckSlot
          historyHref={localizePath('/user/edit/transaction', locale)}
          limitsHref={localizePath('/responsible-gambling', locale)}
          onSignOut={() => session.send({ type: 'session.logout' })}
        />
        <AgeGate
          vm={gate}
          onConfirm={() => ageGate.send({ type: 'ageGate.confirm' })}
          onLeave={() => ageGate.send({ type: 'ageGate.leave' })}
          onBack={() => ageGate.send({ type: 'ageGate.back' })}
        />
        {brand?.chatId ? (
          <Suspense fallback={null}>
            <LiveChat chatId={brand.chatId} checkDone={vm.checkDone} contact={vm.chatContact} />
          </Suspense>
        ) : null}
      </>
    ),
    [brand, modal, loginModal, gate, closeModal, locale, vm, sessionServices, sendSession, sendModal, session, ageGate],
  );

  return {
    account: (
      <AccountActions
        vm={vm}
        loginHref={localizePath('/login', locale)}
        registerHref={localizePath('/register', locale)}
        walletHref={localizePath('/account/wallet', locale)}
        transactionsHref={localizePath('/user/edit/transaction', locale)}
        onLogout={() => session.send({ type: 'session.logout' })}
      />
    ),
    overlays,
    notice: vm.impediment ? (
      <ImpedimentBanner
        impediment={vm.impediment}
        withdrawHref={localizePath('/account/wallet?tab=withdraw', locale)}
      />
    ) : null,
    onSignIn: vm.signedIn ? null : () => sendModal({ type: 'loginModal.open', tab: 'login' }),
  };
}
