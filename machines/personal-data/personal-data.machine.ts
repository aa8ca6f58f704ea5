import { assign, setup } from 'xstate';
import { personalDataProblems } from '../../shared/personal-data';
import { failureOf, statusOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type {
  PersonalData,
  PersonalDataContext,
  PersonalDataEvent,
  PersonalDataInput,
  PersonalDataInputOptions,
} from './personal-data.types';

const problemsOf = (context: PersonalDataContext, event: PersonalDataEvent) =>
  event.type === 'personal.save' ? personalDataProblems(event.input, new Date(context.now())) : {};

/**
 * /user/edit/personal-data (Portaria SPA/MF 2.579/2025): the player's name, birth date, CPF (masked: the
 * full number never reaches this flow) and address, as the platform keeps them (GET /profile/personal-data).
 *
 * - `loading` → `ready`, or `failed` (§8's text, with a retry).
 * - `personal.save` while verified: refused at once (`profile.personal.locked`), nothing is sent.
 * - `personal.save` with problems (shared/personal-data.ts: required parts, 18+, a CEP of 8 digits, a real UF):
 *   each is shown on its field; nothing is sent.
 * - Otherwise `saving` (POST /auth/update): the platform's answer replaces the data (`profile.personal.saved`); a 409
 *   means the identity was verified meanwhile: the data turns read-only (`profile.personal.locked`); any other
 *   refusal keeps the form as sent and shows why.
 */
export const personalDataMachine = setup({
  types: {
    context: {} as PersonalDataContext,
    events: {} as PersonalDataEvent,
    input: {} as PersonalDataInputOptions | undefined,
  },
  actors: {
    loadPersonalData: notSupplied<PersonalData>('personalData', 'loadPersonalData'),
    savePersonalData: notSupplied<PersonalData, PersonalDataInput>('personalData', 'savePersonalData'),
  },
  guards: {
    verified: ({ context }) => context.data?.verified === true,
    formValid: ({ context, event }) => Object.keys(problemsOf(context, event)).length === 0,
    lockedMeanwhile: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
  actions: {
    keepDraft: assign({
      draft: ({ event }) => (event.type === 'personal.save' ? event.input : null),
      problems: {},
      notice: null,
      failure: null,
    }),
    showProblems: assign({
      draft: ({ event }) => (event.type === 'personal.save' ? event.input : null),
      problems: ({ context, event }) => problemsOf(context, event),
      notice: null,
      failure: null,
    }),
    refuseLocked: assign({ notice: { id: 'profile.personal.locked' }, problems: {}, failure: null }),
  },
}).createMachine({
  id: 'personalData',
  context: ({ input }) => ({
    data: null,
    draft: null,
    problems: {},
    notice: null,
    failure: null,
    now: input?.now ?? (() => Date.now()),
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPersonalData',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: {
      on: { 'personal.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'personal.save': [
          { guard: 'verified', actions: 'refuseLocked' },
          { guard: 'formValid', target: 'saving', actions: 'keepDraft' },
          { actions: 'showProblems' },
        ],
        'personal.dismiss': { actions: assign({ notice: null, failure: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'savePersonalData',
        input: ({ context }) =>
          context.draft ?? {
            first_name: '',
            last_name: '',
            birth_date: '',
            address: { postal_code: '', street: '', number: '', complement: '', district: '', city: '', state: '' },
          },
        onDone: {
          target: 'ready',
          actions: assign({
            data: ({ event }) => event.output,
            draft: null,
            notice: { id: 'profile.personal.saved' },
          }),
        },
        onError: [
          {
            guard: 'lockedMeanwhile',
            target: 'ready',
            actions: assign({
              data: ({ context }) => (context.data ? { ...context.data, verified: true } : null),
              draft: null,
              notice: { id: 'profile.personal.locked' },
            }),
          },
          { target: 'ready', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
  },
});
