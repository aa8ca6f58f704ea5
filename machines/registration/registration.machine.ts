import { assign, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import {
  CPF_CHECK_MESSAGE_ID,
  DEFAULT_GEO,
  type CpfCheckOutput,
  type GeoResult,
  type RegistrationContext,
  type RegistrationEvent,
} from './registration.types';

/**
 * The registration form's flow (spec §5 Registration, §7): invoked by the login modal while its register tab is
 * open (id and systemId `registration`), two parallel regions.
 * geo: locating (GET /geoip, or the stored userCountryCode / userCallingCode) → located; a failed lookup →
 *   failed, with §7's defaults BR / 55 (the phone's calling code and its "must be Brazil" rule read them).
 * cpf: idle (no complete, valid CPF on screen) → checking (POST /validate/validate-cpf for each valid CPF typed;
 *   a new CPF restarts it, a CPF edited to an incomplete one cancels it) → valid (free) | refused (taken or
 *   invalid, with the catalog id of the message) | failed (the check could not be made: the server checks again
 *   at registration). The CPF itself travels only through the drop to the `checkCpf` actor, never in the context.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
  },
  actors: {
    geo: notSupplied<GeoResult>('registration', 'geo'),
    checkCpf: notSupplied<CpfCheckOutput>('registration', 'checkCpf'),
  },
  guards: {
    isFree: (_, output: CpfCheckOutput) => output.result === 'valid',
  },
  actions: {
    keepGeo: assign((_, geo: GeoResult) => ({ countryCode: geo.countryCode, callingCode: geo.callingCode })),
    useDefaultGeo: assign({ countryCode: DEFAULT_GEO.countryCode, callingCode: DEFAULT_GEO.callingCode }),
    keepCpfCheck: assign({
      cpfCheck: (_, output: CpfCheckOutput) => ({
        result: output.result,
        messageId: CPF_CHECK_MESSAGE_ID[output.result],
      }),
    }),
    forgetCpfCheck: assign({ cpfCheck: null }),
  },
}).createMachine({
  id: 'registration',
  type: 'parallel',
  context: { countryCode: DEFAULT_GEO.countryCode, callingCode: DEFAULT_GEO.callingCode, cpfCheck: null },
  states: {
    geo: {
      initial: 'locating',
      states: {
        locating: {
          invoke: {
            id: 'geo',
            src: 'geo',
            onDone: { target: 'located', actions: { type: 'keepGeo', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'useDefaultGeo' },
          },
        },
        located: {},
        /** §7: BR / 55 on failure. */
        failed: {},
      },
    },
    cpf: {
      initial: 'idle',
      on: {
        // Re-entered for every new CPF: the check of the previous one is cancelled (its result never shows).
        'registration.cpfTyped': { target: '.checking', reenter: true },
        'registration.cpfCleared': { target: '.idle' },
      },
      states: {
        idle: { entry: 'forgetCpfCheck' },
        checking: {
          entry: 'forgetCpfCheck',
          invoke: {
            id: 'checkCpf',
            src: 'checkCpf',
            onDone: [
              {
                guard: { type: 'isFree', params: ({ event }) => event.output },
                target: 'valid',
                actions: { type: 'keepCpfCheck', params: ({ event }) => event.output },
              },
              { target: 'refused', actions: { type: 'keepCpfCheck', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed' },
          },
        },
        valid: {},
        /** Taken on this brand or refused by the server: `cpfCheck.messageId` says which. */
        refused: {},
        /** The check could not be made (network, server error): nothing blocks, the server checks at registration. */
        failed: {},
      },
    },
  },
});
