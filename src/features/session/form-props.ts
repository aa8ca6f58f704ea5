/** The props every sign-in form gets from the login modal. */
import type { LoginModalViewModel } from '../../../machines/login-modal/login-modal.connect';
import type { LoginModalEvent, LoginModalTab } from '../../../machines/login-modal/login-modal.types';
import type { RegistrationRef } from '../../../machines/registration/registration.connect';
import type { SessionBrandSettings, SessionViewModel } from '../../../machines/session/session.connect';
import type { SessionCommand } from '../../../machines/session/session.types';
import type { SecretDrop } from '../../lib/secret-drop';

/** What the forms read directly from the platform's services. */
export interface SessionFormServicesView {
  referralCode(): string | null;
  localCaptchaToken: string | null;
}

export interface SessionFormsProps {
  tab: LoginModalTab;
  brand: SessionBrandSettings;
  locale: 'pt' | 'en';
  session: SessionViewModel;
  recovery: LoginModalViewModel['recovery'];
  /** The login modal's registration machine (register tab), or null. */
  registration: RegistrationRef | null;
  drop: SecretDrop;
  forms: SessionFormServicesView;
  sendSession: (event: SessionCommand) => void;
  sendModal: (event: LoginModalEvent) => void;
}
