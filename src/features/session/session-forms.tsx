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
import { SecondFactorChallengeForm } from './second-factor-form';

export type { SessionFormServicesView, SessionFormsProps } from './form-props';

/** The tab's form. */
export default function SessionForms(props: SessionFormsProps) {
  // Portaria SPA/MF 722/2024: the password was right, the second factor is asked (any tab: the sign-in is under way).
  if (props.session.secondFactor)
    return (
      <SecondFactorChallengeForm
        actorRef={props.session.secondFactor}
        drop={props.drop}
        onCancel={() => props.sendSession({ type: 'session.cancelSecondFactor' })}
      />
    );
  if (props.tab === 'register') return <RegisterForm {...props} />;
  if (props.tab === 'recovery') return <RecoveryForm {...props} />;
  return <LoginForm {...props} />;
}
