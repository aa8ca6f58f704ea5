/** Types of the personal-data flow (/user/edit/personal-data; spec §3 User, §7 POST /auth/update). */
import type { Failure, UiMessage } from '../kernel/api-error';
import type { Address, PersonalDataInput, PersonalDataProblem, PersonalField } from '../../shared/personal-data';

export type { Address, PersonalDataInput, PersonalDataProblem, PersonalField };

/** What the platform holds: the CPF only masked (`***.456.789-**`), never whole. */
export interface PersonalData {
  firstName: string;
  lastName: string;
  birthDate: string | null;
  cpfMasked: string | null;
  address: Address | null;
  /** The identity was verified: nothing here can change. */
  verified: boolean;
}

export interface PersonalDataContext {
  data: PersonalData | null;
  /** The last form the player sent (what a refusal keeps on screen). */
  draft: PersonalDataInput | null;
  problems: Partial<Record<PersonalField, PersonalDataProblem>>;
  notice: UiMessage | null;
  failure: Failure | null;
  now: () => number;
}

export interface PersonalDataInputOptions {
  /** The clock (tests give a fixed one). */
  now?: () => number;
}

export type PersonalDataEvent =
  { type: 'personal.save'; input: PersonalDataInput } | { type: 'personal.retry' } | { type: 'personal.dismiss' };
