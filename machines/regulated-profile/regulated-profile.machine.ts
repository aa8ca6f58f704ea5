import { assign, setup } from 'xstate';
import { errorOf, failureOf, type Failure } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { LimitPeriod } from '../../shared/responsible-limits';

/** Portaria SPA/MF 2.579/2025: the gender as the sign-up asks for it. */
export const GENDERS = ['female', 'male', 'other', 'undisclosed'] as const;
export type Gender = (typeof GENDERS)[number];

export interface MoneyChoice {
  period: LimitPeriod;
  /** Integer centavos. */
  amount: number;
}

export interface RegulatedProfileValues {
  gender: Gender;
  deposit: MoneyChoice;
  loss: MoneyChoice;
  sessionMinutes: number;
}

/**
 * The defaults the form offers (a button per limit: the player takes them or types their own; nothing is chosen
 * for them): R$ 500,00 of deposits a week, R$ 200,00 of losses a week, 2 hours of play a day.
 */
export const SUGGESTED_LIMITS = {
  deposit: { period: 'week', amount: 50_000 },
  loss: { period: 'week', amount: 20_000 },
  sessionMinutes: 120,
} as const satisfies Omit<RegulatedProfileValues, 'gender'>;

export interface RegulatedProfileContext {
  gender: Gender | null;
  deposit: MoneyChoice | null;
  loss: MoneyChoice | null;
  sessionMinutes: number | null;
  /** A submit was tried with something missing: the form marks what. */
  tried: boolean;
  failure: Failure | null;
  /** The player as the platform answered the save. */
  user: unknown;
}

export type RegulatedProfileEvent =
  | { type: 'profile.gender'; gender: Gender }
  | { type: 'profile.deposit'; choice: MoneyChoice | null }
  | { type: 'profile.loss'; choice: MoneyChoice | null }
  | { type: 'profile.session'; minutes: number | null }
  | { type: 'profile.submit' };

const complete = (c: RegulatedProfileContext) =>
  c.gender !== null && c.deposit !== null && c.loss !== null && c.sessionMinutes !== null;

/**
 * The "complete your profile" form (Portaria SPA/MF 2.579/2025) a regulated brand's player meets at sign-in when
 * the gender and limits were never chosen (stakes and deposits wait for it: 403 `profile_incomplete`), id and
 * systemId `regulatedProfile`. editing (every field empty until the player chooses: the suggested limits are a
 * button, never a pre-filled value) → saving (POST /profile/regulated-profile) → done (output: the player). A submit
 * with a field missing stays in editing and marks it (`tried`); a refused save goes back with the failure.
 */
export const regulatedProfileMachine = setup({
  types: {
    context: {} as RegulatedProfileContext,
    events: {} as RegulatedProfileEvent,
    output: {} as { user: unknown },
  },
  actors: {
    save: notSupplied<{ user: unknown }, RegulatedProfileValues>('regulated profile', 'save'),
  },
  guards: {
    isComplete: ({ context }) => complete(context),
  },
  actions: {
    markTried: assign({ tried: true }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
  },
}).createMachine({
  id: 'regulatedProfile',
  context: {
    gender: null,
    deposit: null,
    loss: null,
    sessionMinutes: null,
    tried: false,
    failure: null,
    user: null,
  },
  initial: 'editing',
  output: ({ context }) => ({ user: context.user }),
  states: {
    editing: {
      on: {
        'profile.gender': { actions: assign({ gender: ({ event }) => event.gender }) },
        'profile.deposit': { actions: assign({ deposit: ({ event }) => event.choice }) },
        'profile.loss': { actions: assign({ loss: ({ event }) => event.choice }) },
        'profile.session': { actions: assign({ sessionMinutes: ({ event }) => event.minutes }) },
        'profile.submit': [
          { guard: 'isComplete', target: 'saving', actions: assign({ failure: null }) },
          { actions: 'markTried' },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          gender: context.gender as Gender,
          deposit: context.deposit as MoneyChoice,
          loss: context.loss as MoneyChoice,
          sessionMinutes: context.sessionMinutes as number,
        }),
        onDone: { target: 'done', actions: assign({ failure: null, user: ({ event }) => event.output.user }) },
        onError: { target: 'editing', actions: { type: 'keepFailure', params: errorOf } },
      },
    },
    done: { type: 'final' },
  },
});
