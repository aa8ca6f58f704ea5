import type { SnapshotFrom } from 'xstate';
import { ADDRESS_FIELDS, formatPostalCode, type Address } from '../../shared/personal-data';
import type { Failure, UiMessage } from '../kernel/api-error';
import type { personalDataMachine } from './personal-data.machine';
import type { PersonalField } from './personal-data.types';

export interface PersonalFormValues {
  first_name: string;
  last_name: string;
  birth_date: string;
  address: Address;
}

export interface PersonalDataView {
  status: 'loading' | 'failed' | 'ready';
  busy: boolean;
  /** False once the identity is verified: the page shows the data read-only. */
  editable: boolean;
  /** What the form shows: the last form sent while it is refused or saving, else the stored data. */
  values: PersonalFormValues | null;
  cpfMasked: string | null;
  /** The catalog id of each field's problem. */
  problems: Partial<Record<PersonalField, string>>;
  notice: UiMessage | null;
  failure: Failure | null;
}

const LOCKED_ID = 'profile.personal.locked';
const EMPTY_ADDRESS = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Address;

export function connectPersonalData(snapshot: SnapshotFrom<typeof personalDataMachine>): PersonalDataView {
  const { data, draft, problems, notice, failure } = snapshot.context;
  const stored: PersonalFormValues | null = data
    ? {
        first_name: data.firstName,
        last_name: data.lastName,
        birth_date: data.birthDate ?? '',
        address: data.address
          ? { ...data.address, postal_code: formatPostalCode(data.address.postal_code) }
          : EMPTY_ADDRESS,
      }
    : null;
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    busy: snapshot.matches('saving'),
    editable: data !== null && !data.verified,
    values: draft ?? stored,
    cpfMasked: data?.cpfMasked ?? null,
    problems: Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [field, `profile.personal.problem.${problem}`]),
    ),
    // The refusal of a verified player's save reads as an error.
    notice: notice && 'id' in notice && notice.id === LOCKED_ID ? null : notice,
    failure:
      notice && 'id' in notice && notice.id === LOCKED_ID ? { status: 409, messages: [notice], fields: {} } : failure,
  };
}
