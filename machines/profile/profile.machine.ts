import { assign, emit, setup } from 'xstate';
import { fullNameProblem } from '../../shared/full-name';
import { AVATAR_MAX_BYTES, DOCUMENT_IMAGE_TYPES } from '../../shared/documents';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type {
  AvatarProblem,
  ProfileChange,
  ProfileContext,
  ProfileData,
  ProfileEmitted,
  ProfileEvent,
  ProfileSaved,
} from './profile.types';

/**
 * /user (spec §2.2, §3 User and privacy toggles, §7 Profile): the player's name, language and
 * privacy toggles, as the platform keeps them (GET /profile).
 *
 * - `loading` → `ready`, or `failed` (§8's text, with a retry).
 * - `profile.saveName`: §5's full-name rule first (`nameProblem`: empty, one word, a surname under 2 characters),
 *   else `saving` (POST /profile/updateName).
 * - `profile.saveLanguage` (another language than the stored one) → `saving` (POST /profile/updateLanguage); once
 *   stored, `profile.languageChanged` is emitted: the root shows the app in that language.
 * - `profile.toggle` → `saving` (POST /profile/update-settings with that toggle).
 * - `profile.avatarChosen`: §5's image rule and the 2 MiB limit first (`avatarProblem`: not JPEG, PNG or WebP;
 *   empty or too big), else `saving` (POST /profile/uploadAvatar; the image itself never enters the flow).
 * - One save at a time; the platform's answer replaces the profile and its message is shown; a refusal keeps the
 *   profile and shows why.
 */
/** §5's image rule for an avatar (the platform takes JPEG, PNG or WebP, up to 2 MiB), on the declared type and size. */
function avatarProblemOf(chosen: { fileType: string; size: number }): AvatarProblem | null {
  if (!(DOCUMENT_IMAGE_TYPES as readonly string[]).includes(chosen.fileType)) return 'type';
  if (chosen.size <= 0 || chosen.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as ProfileEmitted,
  },
  actors: {
    loadProfile: notSupplied<ProfileData>('profile', 'loadProfile'),
    saveChange: notSupplied<ProfileSaved, ProfileChange>('profile', 'saveChange'),
  },
  guards: {
    avatarAcceptable: ({ event }) => event.type === 'profile.avatarChosen' && avatarProblemOf(event) === null,
    nameValid: ({ event }) => event.type === 'profile.saveName' && fullNameProblem(event.name) === null,
    otherLanguage: ({ context, event }) =>
      event.type === 'profile.saveLanguage' && event.language !== context.profile?.language,
    languageSaved: ({ context }) => context.change?.kind === 'language',
  },
  actions: {
    keepChange: assign({
      change: ({ event }): ProfileChange | null => {
        switch (event.type) {
          case 'profile.saveName':
            return { kind: 'name', name: event.name.trim().replace(/\s+/g, ' ') };
          case 'profile.saveLanguage':
            return { kind: 'language', language: event.language };
          case 'profile.toggle':
            return { kind: 'privacy', key: event.key, value: event.value };
          case 'profile.avatarChosen':
            return { kind: 'avatar', fileType: event.fileType, size: event.size };
          default:
            return null;
        }
      },
      nameProblem: null,
      avatarProblem: null,
      notice: null,
      failure: null,
    }),
    refuseAvatar: assign({
      avatarProblem: ({ event }) => (event.type === 'profile.avatarChosen' ? avatarProblemOf(event) : null),
      notice: null,
      failure: null,
    }),
    refuseName: assign({
      nameProblem: ({ event }) => (event.type === 'profile.saveName' ? fullNameProblem(event.name) : null),
      notice: null,
      failure: null,
    }),
    announceLanguage: emit(({ context }) => ({
      type: 'profile.languageChanged' as const,
      language: context.profile?.language ?? 'pt',
    })),
  },
}).createMachine({
  id: 'profile',
  context: { profile: null, change: null, nameProblem: null, avatarProblem: null, notice: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProfile',
        onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: {
      on: { 'profile.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'profile.saveName': [
          { guard: 'nameValid', target: 'saving', actions: 'keepChange' },
          { actions: 'refuseName' },
        ],
        'profile.saveLanguage': { guard: 'otherLanguage', target: 'saving', actions: 'keepChange' },
        'profile.toggle': { target: 'saving', actions: 'keepChange' },
        'profile.avatarChosen': [
          { guard: 'avatarAcceptable', target: 'saving', actions: 'keepChange' },
          { actions: 'refuseAvatar' },
        ],
        'profile.dismiss': { actions: assign({ notice: null, failure: null, nameProblem: null, avatarProblem: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'saveChange',
        input: ({ context }) => context.change ?? { kind: 'name', name: '' },
        onDone: [
          {
            guard: 'languageSaved',
            target: 'ready',
            actions: [
              assign({
                profile: ({ event }) => event.output.profile,
                notice: { id: 'profile.saved' },
                change: null,
              }),
              'announceLanguage',
            ],
          },
          {
            target: 'ready',
            actions: assign({
              profile: ({ event }) => event.output.profile,
              notice: { id: 'profile.saved' },
              change: null,
            }),
          },
        ],
        onError: {
          target: 'ready',
          actions: assign({ failure: ({ event }) => failureOf(event.error), change: null }),
        },
      },
    },
  },
});
