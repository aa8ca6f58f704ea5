import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Failure } from '../../../machines/kernel/api-error';
import type { ProfileLanguage, PrivacyToggle } from '../../../machines/profile/profile.types';
import { PRIVACY_TOGGLES } from '../../../machines/profile/profile.types';
import type { ProfileView } from '../../../machines/profile/profile.connect';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { UiMessages } from '../../ui/ui-message';
import './profile.css';
import { useT } from '../../i18n/use-t';

export interface ProfilePageProps {
  vm: ProfileView;
  links: { transactions: string; responsible: string; accessData: string };
  onSaveName(name: string): void;
  onSaveLanguage(language: ProfileLanguage): void;
  onToggle(key: PrivacyToggle, value: boolean): void;
  /** The player chose an image for their avatar (the route keeps the file outside the flow). */
  onAvatar(file: File): void;
  onRetry(): void;
  onDismiss(): void;
}

const messagesOf = (failure: Failure | null) => failure?.messages ?? [];

/** /user: who the player is (name, e-mail), the language the site speaks to them, and what others may see. */
export function ProfilePage({
  vm,
  links,
  onSaveName,
  onSaveLanguage,
  onToggle,
  onAvatar,
  onRetry,
  onDismiss,
}: ProfilePageProps) {
  const t = useT();
  const submitName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('name');
    onSaveName(typeof name === 'string' ? name : '');
  };
  const profile = vm.profile;
  return (
    <article className="page profile" data-testid="profile-page">
      <h1 className="page__title">{t('shell.page.user.title')}</h1>
      {vm.status === 'loading' ? <p role="status">{t('profile.loading')}</p> : null}
      {vm.status === 'failed' ? (
        <div className="surface-card" role="alert">
          <UiMessages messages={messagesOf(vm.failure)} />
          <Button variant="outline" onClick={onRetry}>
            {t('profile.retry')}
          </Button>
        </div>
      ) : null}
      {profile ? (
        <>
          <Notice
            notice={vm.notice}
            failure={vm.status === 'ready' ? vm.failure : null}
            closeLabel={t('profile.close')}
            onClose={onDismiss}
            testId="profile-notice"
          />
          <section className="surface-card profile__who" aria-labelledby="profile-who">
            <span className="profile__avatar" data-testid="profile-avatar">
              {profile.avatar ? (
                <img src={profile.avatar} alt={t('profile.avatar.alt')} width={64} height={64} />
              ) : (
                <span aria-hidden="true">{profile.name.trim().charAt(0).toUpperCase() || '?'}</span>
              )}
            </span>
            <div>
              <h2 id="profile-who" data-testid="profile-name">
                {profile.name}
              </h2>
              <p className="profile__muted">{profile.email}</p>
              <label className="profile__avatar-pick" data-busy={vm.saving === 'avatar' ? 'true' : undefined}>
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className="visually-hidden"
                  data-testid="profile-avatar-input"
                  disabled={vm.busy}
                  aria-describedby={vm.avatarProblem ? 'profile-avatar-problem' : 'profile-avatar-hint'}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    event.currentTarget.value = '';
                    if (file) onAvatar(file);
                  }}
                />
                {vm.saving === 'avatar' ? t('profile.avatar.sending') : t('profile.avatar.change')}
              </label>
              {vm.avatarProblem ? (
                <p id="profile-avatar-problem" className="profile__problem" role="alert">
                  {t(vm.avatarProblem)}
                </p>
              ) : (
                <p id="profile-avatar-hint" className="profile__muted">
                  {t('profile.avatar.hint')}
                </p>
              )}
            </div>
          </section>
          <section className="surface-card" aria-labelledby="profile-name-title">
            <h2 id="profile-name-title">{t('profile.name.title')}</h2>
            <form className="inline-form" onSubmit={submitName} noValidate>
              <label htmlFor="profile-name-input" className="visually-hidden">
                {t('profile.name.label')}
              </label>
              <input
                id="profile-name-input"
                name="name"
                defaultValue={profile.name}
                key={profile.name}
                autoComplete="name"
                aria-invalid={vm.nameProblem ? true : undefined}
                aria-describedby={vm.nameProblem ? 'profile-name-problem' : undefined}
              />
              <Button type="submit" variant="secondary" size="sm" disabled={vm.busy} data-testid="profile-name-save">
                {vm.saving === 'name' ? t('profile.saving') : t('profile.save')}
              </Button>
            </form>
            {vm.nameProblem ? (
              <p className="profile__problem" id="profile-name-problem" role="alert">
                {t(vm.nameProblem)}
              </p>
            ) : null}
          </section>
          <section className="surface-card" aria-labelledby="profile-language-title">
            <h2 id="profile-language-title">{t('profile.language.title')}</h2>
            <p className="profile__muted">{t('profile.language.hint')}</p>
            <div className="profile__languages" role="group" aria-labelledby="profile-language-title">
              {(['pt', 'en'] as const).map((language) => (
                <button
                  key={language}
                  type="button"
                  className="profile__language"
                  aria-pressed={profile.language === language}
                  disabled={vm.busy}
                  onClick={() => onSaveLanguage(language)}
                  data-testid={`profile-language-${language}`}
                >
                  {t(`profile.language.${language}`)}
                </button>
              ))}
            </div>
          </section>
          <section className="surface-card" aria-labelledby="profile-privacy-title">
            <h2 id="profile-privacy-title">{t('profile.privacy.title')}</h2>
            <p className="profile__muted">{t('profile.privacy.hint')}</p>
            <ul className="profile__toggles">
              {PRIVACY_TOGGLES.map((key) => (
                <li key={key}>
                  <label className="profile__toggle">
                    <span>{t(`profile.privacy.${key}`)}</span>
                    <input
                      type="checkbox"
                      role="switch"
                      checked={profile.settings[key]}
                      disabled={vm.busy}
                      onChange={(event) => onToggle(key, event.currentTarget.checked)}
                      data-testid={`profile-toggle-${key}`}
                    />
                  </label>
                </li>
              ))}
            </ul>
          </section>
          <nav className="surface-card profile__links" aria-label={t('profile.more')}>
            <Link to={links.accessData} data-testid="profile-access-link">
              {t('profile.access.link')} <span className="profile__muted">{t('profile.access.link_hint')}</span>
            </Link>
            <Link to={links.transactions}>{t('shell.page.user-edit-transaction.title')}</Link>
            <Link to={links.responsible}>{t('shell.page.responsible-gambling.title')}</Link>
          </nav>
        </>
      ) : null}
    </article>
  );
}
