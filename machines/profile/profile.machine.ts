import { assign, emit, setup } from 'xstate';
import { fullNameProblem } from '../../shared/full-name';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type {
  ProfileChange,
  ProfileContext,
  ProfileData,
  ProfileEmitted,
  ProfileEvent,
  ProfileSaved,
} from './profile.types';

/**
 * /user (issue 15 item 1; spec §2.2, §3 User and privacy toggles, §7 Profile): the player's name, language and
 * privacy toggles, as the platform keeps them (GET /profile).
 *
 * - `loading` → `ready`, or `failed` (§8's text, with a retry).
 * - `profile.saveName`: §5's full-name rule first (`nameProblem`: empty, one word, a surname under 2 characters),
 *   else `saving` (POST /profile/updateName).
 * - `profile.saveLanguage` (another language than the stored one) → `saving` (POST /profile/updateLanguage); once
 *   stored, `profile.languageChanged` is emitted: the root shows the app in that language.
 * - `profile.toggle` → `saving` (POST /profile/update-settings with that toggle).
 * - One save at a time; the platform's answer replaces the profile and its message is shown; a refusal keeps the
 *   profile and shows why.
 */
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
          default:
            return null;
        }
      },
      nameProblem: null,
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
  context: { profile: null, change: null, nameProblem: null, notice: null, failure: null },
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
        'profile.dismiss': { actions: assign({ notice: null, failure: null, nameProblem: null }) },
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
