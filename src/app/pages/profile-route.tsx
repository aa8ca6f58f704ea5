import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectProfile } from '../../../machines/profile/profile.connect';
import type { profileMachine } from '../../../machines/profile/profile.machine';
import { connectSession } from '../../../machines/session/session.connect';
import { ProfilePage } from '../../features/profile/profile-page';
import { useLocation } from 'react-router-dom';
import { localeFromPath, localizePath, type Locale } from '../../i18n/locale';
import { useApp, useAppChild } from '../app-context';
import { avatarDrop } from '../avatar-drop';

/** /user and /user/edit: the signed-in player's profile, rendered from the root's `profile` flow. */
export function ProfileRoute() {
  const { session } = useApp();
  const vm = useSelector(session, connectSession);
  const profile = useAppChild('profile');
  const locale = localeFromPath(useLocation().pathname);
  if (!vm.user || !profile) {
    return (
      <p role="status" className="page" data-testid="profile-waiting">
        <FormattedMessage id="profile.loading" />
      </p>
    );
  }
  return <Page actor={profile} locale={locale} />;
}

function Page({ actor, locale }: { actor: ActorRefFrom<typeof profileMachine>; locale: Locale }) {
  const vm = useSelector(actor, connectProfile);
  return (
    <ProfilePage
      vm={vm}
      links={{
        transactions: localizePath('/user/edit/transaction', locale),
        accessData: localizePath('/user/edit/access-data', locale),
        responsible: localizePath('/responsible-gambling', locale),
      }}
      onSaveName={(name) => actor.send({ type: 'profile.saveName', name })}
      onSaveLanguage={(language) => actor.send({ type: 'profile.saveLanguage', language })}
      onToggle={(key, value) => actor.send({ type: 'profile.toggle', key, value })}
      onAvatar={(file) => {
        // The image stays outside the flow; it hears only what its checks need.
        avatarDrop.put(file);
        actor.send({ type: 'profile.avatarChosen', fileType: file.type, size: file.size });
      }}
      onRetry={() => actor.send({ type: 'profile.retry' })}
      onDismiss={() => actor.send({ type: 'profile.dismiss' })}
    />
  );
}
