import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import {
  connectAccessData,
  connectContact,
  connectContactChange,
  connectPasswordChange,
  connectSessions,
} from '../../../machines/access-data/access-data.connect';
import type { accessDataMachine } from '../../../machines/access-data/access-data.machine';
import { connectEnrolment, type EnrolmentRef } from '../../../machines/second-factor/second-factor.connect';
import { SecondFactorEnrolment } from '../../features/second-factor/second-factor-enrolment';
import type { accountSessionsMachine } from '../../../machines/access-data/account-sessions.machine';
import type { contactChangeMachine } from '../../../machines/access-data/contact-change.machine';
import type { contactVerificationMachine } from '../../../machines/access-data/contact-verification.machine';
import type { passwordChangeMachine } from '../../../machines/access-data/password-change.machine';
import { connectSession } from '../../../machines/session/session.connect';
import { AccessDataPage } from '../../features/access-data/access-data-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { accessDrop } from '../access-drop';
import { useApp, useAppChild } from '../app-context';

type ContactRef = ActorRefFrom<typeof contactVerificationMachine>;
type PasswordRef = ActorRefFrom<typeof passwordChangeMachine>;
type SessionsRef = ActorRefFrom<typeof accountSessionsMachine>;
type ChangeRef = ActorRefFrom<typeof contactChangeMachine>;

/** /user/edit/access-data, rendered from the root's `accessData` flow and its children. */
export function AccessDataRoute() {
  const { session } = useApp();
  const vm = useSelector(session, connectSession);
  const flow = useAppChild('accessData');
  if (!vm.user || !flow) {
    return (
      <p role="status" className="page" data-testid="access-waiting">
        <FormattedMessage id="profile.loading" />
      </p>
    );
  }
  return <Page actor={flow} />;
}

const childOf = (children: Record<string, AnyActorRef | undefined>, id: string) => children[id] ?? null;
const none = { getSnapshot: () => null, subscribe: () => ({ unsubscribe() {} }) };

function Page({ actor }: { actor: ActorRefFrom<typeof accessDataMachine> }) {
  const locale = localeFromPath(useLocation().pathname);
  const vm = useSelector(actor, connectAccessData);
  const children = useSelector(actor, (s) => s.children as Record<string, AnyActorRef | undefined>);
  const email = childOf(children, 'email') as ContactRef | null;
  const phone = childOf(children, 'phone') as ContactRef | null;
  const password = childOf(children, 'password') as PasswordRef | null;
  const sessions = childOf(children, 'sessions') as SessionsRef | null;
  const emailVm = useSelector(email ?? none, (s) => (s ? connectContact(s as never) : null));
  const phoneVm = useSelector(phone ?? none, (s) => (s ? connectContact(s as never) : null));
  const passwordVm = useSelector(password ?? none, (s) => (s ? connectPasswordChange(s as never) : null));
  const sessionsVm = useSelector(sessions ?? none, (s) => (s ? connectSessions(s as never) : null));
  const emailChange = childOf(children, 'emailChange') as ChangeRef | null;
  const phoneChange = childOf(children, 'phoneChange') as ChangeRef | null;
  const emailChangeVm = useSelector(emailChange ?? none, (s) => (s ? connectContactChange(s as never) : null));
  const phoneChangeVm = useSelector(phoneChange ?? none, (s) => (s ? connectContactChange(s as never) : null));
  const secondFactor = childOf(children, 'secondFactor') as EnrolmentRef | null;
  const secondFactorVm = useSelector(secondFactor ?? none, (s) => (s ? connectEnrolment(s as never) : null));
  const contactOf = (channel: 'email' | 'phone') => (channel === 'email' ? email : phone);
  const changeOf = (channel: 'email' | 'phone') => (channel === 'email' ? emailChange : phoneChange);
  return (
    <AccessDataPage
      vm={vm}
      email={emailVm}
      phone={phoneVm}
      password={passwordVm}
      sessions={sessionsVm}
      backTo={localizePath('/user', locale)}
      onRetry={() => actor.send({ type: 'access.retry' })}
      onContact={(channel, event) => contactOf(channel)?.send({ type: `contact.${event}` })}
      onContactCode={(channel, code) => contactOf(channel)?.send({ type: 'contact.submit', code })}
      emailChange={emailChangeVm}
      phoneChange={phoneChangeVm}
      onChange={(channel, event) => changeOf(channel)?.send({ type: `change.${event}` })}
      onChangeSubmit={(channel, { value, password: current }) => {
        accessDrop.put('contactChange', { password: current });
        changeOf(channel)?.send({ type: 'change.submit', value });
      }}
      onChangeCode={(channel, code) => changeOf(channel)?.send({ type: 'change.submitCode', code })}
      onPassword={(event) => password?.send({ type: `password.${event}` })}
      onPasswordCode={(code) => password?.send({ type: 'password.submitCode', code })}
      onPasswordSubmit={(values) => {
        accessDrop.put('passwordChange', values);
        password?.send({ type: 'password.submit' });
      }}
      onSessions={(event) => sessions?.send({ type: `sessions.${event}` })}
      onRevoke={(id) => sessions?.send({ type: 'sessions.revoke', id })}
      secondFactor={
        secondFactorVm ? (
          <SecondFactorEnrolment
            vm={secondFactorVm}
            onEvent={(event) => secondFactor?.send({ type: `enrolment.${event}` })}
            onCode={(code) => {
              accessDrop.put('secondFactorCode', { code });
              secondFactor?.send({ type: 'enrolment.submit' });
            }}
          />
        ) : null
      }
    />
  );
}
