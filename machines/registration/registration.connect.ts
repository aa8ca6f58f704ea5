import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { registrationMachine } from './registration.machine';

export type RegistrationRef = ActorRefFrom<typeof registrationMachine>;

export type CpfCheckState = 'idle' | 'checking' | 'valid' | 'refused' | 'failed';

export interface RegistrationViewModel {
  geo: {
    countryCode: string;
    callingCode: string;
    /** The lookup has not answered yet (the defaults BR / 55 show meanwhile). */
    locating: boolean;
  };
  cpf: {
    state: CpfCheckState;
    /** Catalog id of the server check's refusal (taken, invalid), shown under the CPF field; else null. */
    messageId: string | null;
    /** A refused CPF cannot be submitted. */
    blocksSubmit: boolean;
  };
}

const CPF_STATES: CpfCheckState[] = ['checking', 'valid', 'refused', 'failed'];

export function connectRegistration(snapshot: SnapshotFrom<typeof registrationMachine>): RegistrationViewModel {
  const { context } = snapshot;
  const state = CPF_STATES.find((s) => snapshot.matches({ cpf: s })) ?? 'idle';
  const refused = state === 'refused';
  return {
    geo: {
      countryCode: context.countryCode,
      callingCode: context.callingCode,
      locating: snapshot.matches({ geo: 'locating' }),
    },
    cpf: { state, messageId: refused ? (context.cpfCheck?.messageId ?? null) : null, blocksSubmit: refused },
  };
}

/** Before the login modal's register tab has started the machine (or without one): the defaults, nothing checked. */
export const REGISTRATION_IDLE: RegistrationViewModel = {
  geo: { countryCode: 'BR', callingCode: '55', locating: true },
  cpf: { state: 'idle', messageId: null, blocksSubmit: false },
};
