/**
 * The sign-in forms (login, register, recovery), one a file: react-hook-form + zod/mini through
 * @hookform/resolvers, validated on change (§5), messages from the catalogs. Loaded lazily by the login modal, so
 * none of this is in the initial bundle. Secrets (passwords, the CPF for the server check, Google's id token) are
 * handed to the actors through the one-shot drop; the flow state is the machines' (the login modal's recovery
 * steps, e-mail and code; the registration machine's geo lookup and CPF check).
 */
import type { SessionFormsProps } from './form-props';
import { LoginForm } from './login-form';
import { RecoveryForm } from './recovery-form';
import { RegisterForm } from './register-form';

export type { SessionFormServicesView, SessionFormsProps } from './form-props';

/** The tab's form. */
export default function SessionForms(props: SessionFormsProps) {
  if (props.tab === 'register') return <RegisterForm {...props} />;
  if (props.tab === 'recovery') return <RecoveryForm {...props} />;
  return <LoginForm {...props} />;
}
