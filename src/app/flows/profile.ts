/** The profile flow of /user with its real calls, a chunk of its own fetched with the page. */
import { fromPromise } from 'xstate';
import { profileMachine } from '../../../machines/profile/profile.machine';
import type { ProfileChange, ProfileData, ProfileSaved } from '../../../machines/profile/profile.types';
import type { Schema } from '../../../shared/api/types';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';
import { avatarDrop, type AvatarDrop } from '../avatar-drop';

function profileOf(user: Schema<'User'>, settings: Schema<'ProfileSettings'>): ProfileData {
  return {
    name: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.name,
    email: user.email,
    username: user.username ?? null,
    language: user.language === 'en' ? 'en' : 'pt',
    settings: { ...settings },
    // Only the platform's own upload path is shown (never an address from elsewhere).
    avatar: user.avatar && user.avatar.startsWith('/api/uploads/avatars/') ? user.avatar : null,
  };
}

export function createProfileLogic(api: ApiClient, avatars: AvatarDrop = avatarDrop) {
  const load = async (signal?: AbortSignal): Promise<ProfileData> => {
    const { data } = await unwrap(api.GET('/profile', { signal }));
    return profileOf(data.user, data.settings);
  };
  return profileMachine.provide({
    actors: {
      loadProfile: fromPromise<ProfileData>(({ signal }) => load(signal)),
      saveChange: fromPromise<ProfileSaved, ProfileChange>(async ({ input }) => {
        let message: string;
        switch (input.kind) {
          case 'name':
            message = (await unwrap(api.POST('/profile/updateName', { body: { name: input.name } }))).message;
            break;
          case 'language':
            message = (await unwrap(api.POST('/profile/updateLanguage', { body: { language: input.language } })))
              .message;
            break;
          case 'privacy':
            // §7: "all data" has an operation of its own; the other toggles go through update-settings.
            message =
              input.key === 'hide_metrics'
                ? (await unwrap(api.POST('/profile/toggle-hide-metrics', { body: { hide_metrics: input.value } })))
                    .message
                : (await unwrap(api.POST('/profile/update-settings', { body: { [input.key]: input.value } }))).message;
            break;
          case 'avatar': {
            const file = avatars.take();
            if (!file) throw new Error('profile: no avatar in the drop');
            const form = new FormData();
            form.append('avatar', file);
            message = (
              await unwrap(
                api.POST('/profile/uploadAvatar', {
                  body: form as never,
                  bodySerializer: (body: unknown) => body as FormData,
                }),
              )
            ).message;
            break;
          }
        }
        return { profile: await load(), message };
      }),
    },
  });
}
