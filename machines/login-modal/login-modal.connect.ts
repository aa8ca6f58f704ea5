import type { SnapshotFrom } from 'xstate';
import type { loginModalMachine } from './login-modal.machine';
import type { LoginModalTab } from './login-modal.types';
import type { SessionFailure } from '../session/session.types';
import type { RegistrationRef } from '../registration/registration.connect';

export type RecoveryStep = 'email' | 'code' | 'password' | 'done';

export interface LoginModalViewModel {
  open: boolean;
  tab: LoginModalTab;
  titleId: string;
  /** Opened by a route: closing leads home. */
  closeLeadsHome: boolean;
  recovery: {
    step: RecoveryStep;
    busy: boolean;
    /** The 20 s wait is over: the code may be sent again. */
    canResend: boolean;
    /** Seconds left before it may (0 once it may). */
    resendIn: number;
    resending: boolean;
    failure: SessionFailure | null;
    /** The e-mail the code was sent to (shown on the code step, prefilled when changing it). */
    email: string;
  };
  /** The registration machine while the register tab is open (the form reads its snapshot), else null. */
  registration: RegistrationRef | null;
}

export const TAB_TITLE: Record<LoginModalTab, string> = {
  login: 'session.modal.tab.login',
  register: 'session.modal.tab.register',
  recovery: 'session.modal.tab.recovery',
};

function stepOf(snapshot: SnapshotFrom<typeof loginModalMachine>): RecoveryStep {
  const at = (step: string) => snapshot.matches({ modal: { open: { recovery: step } } } as never);
  if (at('code')) return 'code';
  if (at('password') || at('resetting')) return 'password';
  if (at('done')) return 'done';
  return 'email';
}

export function connectLoginModal(snapshot: SnapshotFrom<typeof loginModalMachine>): LoginModalViewModel {
  const open = snapshot.matches({ modal: 'open' });
  const { context } = snapshot;
  const inRecovery = (value: unknown) => snapshot.matches({ modal: { open: { recovery: value } } } as never);
  return {
    open,
    tab: context.tab,
    titleId: TAB_TITLE[context.tab],
    closeLeadsHome: open && context.openedByRoute,
    recovery: {
      step: stepOf(snapshot),
      busy: inRecovery('sending') || inRecovery({ code: { entry: 'verifying' } }) || inRecovery('resetting'),
      canResend: inRecovery({ code: { resend: 'ready' } }),
      resendIn: inRecovery({ code: { resend: 'waiting' } }) ? context.resendIn : 0,
      resending: inRecovery({ code: { resend: 'sending' } }),
      failure: context.failure,
      email: context.recoveryEmail ?? '',
    },
    registration: (snapshot.children.registration as RegistrationRef | undefined) ?? null,
  };
}
