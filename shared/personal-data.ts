/**
 * The player's personal data (/user/edit/personal-data; Portaria SPA/MF 2.579/2025 asks name, birth date,
 * CPF and address at sign-up), as the app and the sandbox both check it. Pure: no DOM, no network.
 *
 * - The CPF is shown only masked (`***.456.789-**`, the middle six digits, as gov.br shows it): the full number never
 *   leaves the platform.
 * - The address is the Brazilian one: CEP (8 digits), street, number (or "S/N"), an optional complement,
 *   district, city and state (UF).
 * - Once the player's identity is verified, none of it can change.
 */

/** The 27 federative units. */
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const; // prettier-ignore
export type Uf = (typeof UFS)[number];

export const ADDRESS_FIELDS = ['postal_code', 'street', 'number', 'complement', 'district', 'city', 'state'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type Address = Record<AddressField, string>;

export const PERSONAL_FIELDS = ['first_name', 'last_name', 'birth_date', ...ADDRESS_FIELDS] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

export interface PersonalDataInput {
  first_name: string;
  last_name: string;
  birth_date: string;
  address: Address;
}

/** Longest text each field takes. */
export const PERSONAL_MAX_LENGTH: Record<Exclude<PersonalField, 'birth_date' | 'postal_code' | 'state'>, number> = {
  first_name: 60,
  last_name: 60,
  street: 120,
  number: 10,
  complement: 60,
  district: 80,
  city: 80,
};

export const ADULT_AGE = 18;

export type PersonalDataProblem = 'required' | 'tooLong' | 'date' | 'future' | 'underage' | 'postalCode' | 'state';

/** `***.456.789-**` from 11 digits; null for anything else. */
export function maskedCpf(digits: string | null): string | null {
  if (!digits || !/^\d{11}$/.test(digits)) return null;
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** The CEP's digits (`01310-100` → `01310100`). */
export function postalCodeDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** `01310100` → `01310-100` (as typed otherwise). */
export function formatPostalCode(input: string): string {
  const d = postalCodeDigits(input).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** Whole years between a YYYY-MM-DD date and `now` (UTC calendar); null when it is no real date. */
export function yearsSince(date: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(y, m - 1, d));
  if (parsed.getUTCFullYear() !== y || parsed.getUTCMonth() !== m - 1 || parsed.getUTCDate() !== d) return null;
  const years = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return beforeBirthday ? years - 1 : years;
}

/** Every problem of the form, by field (empty: it can be saved). */
export function personalDataProblems(
  input: PersonalDataInput,
  now: Date,
): Partial<Record<PersonalField, PersonalDataProblem>> {
  const problems: Partial<Record<PersonalField, PersonalDataProblem>> = {};
  const text: Record<Exclude<PersonalField, 'birth_date'>, string> = {
    first_name: input.first_name,
    last_name: input.last_name,
    ...input.address,
  };
  for (const [field, max] of Object.entries(PERSONAL_MAX_LENGTH) as Array<[keyof typeof PERSONAL_MAX_LENGTH, number]>) {
    const value = text[field].trim();
    if (!value && field !== 'complement') problems[field] = 'required';
    else if (value.length > max) problems[field] = 'tooLong';
  }
  const age = input.birth_date ? yearsSince(input.birth_date, now) : null;
  if (!input.birth_date) problems.birth_date = 'required';
  else if (age === null) problems.birth_date = 'date';
  else if (age < 0) problems.birth_date = 'future';
  else if (age < ADULT_AGE) problems.birth_date = 'underage';
  const cep = postalCodeDigits(input.address.postal_code);
  if (!input.address.postal_code.trim()) problems.postal_code = 'required';
  else if (cep.length !== 8 || /[^\d\s.-]/.test(input.address.postal_code)) problems.postal_code = 'postalCode';
  const uf = input.address.state.trim().toUpperCase();
  if (!uf) problems.state = 'required';
  else if (!(UFS as readonly string[]).includes(uf)) problems.state = 'state';
  return problems;
}

/** The address as stored: trimmed, the CEP as digits, the UF in capitals. */
export function normalizedAddress(address: Address): Address {
  return {
    postal_code: postalCodeDigits(address.postal_code),
    street: address.street.trim(),
    number: address.number.trim(),
    complement: address.complement.trim(),
    district: address.district.trim(),
    city: address.city.trim(),
    state: address.state.trim().toUpperCase(),
  };
}
