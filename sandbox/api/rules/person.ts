/** Name and age rules of spec §5. */
export const NAME_MESSAGES = {
  required: 'Este campo é obrigatório.',
  fullName: 'Por favor, insira seu nome completo.',
  surname: 'O sobrenome deve ter mais de três caracteres.',
} as const;

export type FullNameCheck = { ok: true; firstName: string; lastName: string } | { ok: false; message: string };

/** Full name: at least two words, the second at least 2 characters; the first word is the first name. */
export function checkFullName(input: string): FullNameCheck {
  const words = input.trim().split(/\s+/).filter(Boolean);
  const [first, second] = words;
  if (!first) return { ok: false, message: NAME_MESSAGES.required };
  if (!second) return { ok: false, message: NAME_MESSAGES.fullName };
  if (second.length < 2) return { ok: false, message: NAME_MESSAGES.surname };
  return { ok: true, firstName: first, lastName: words.slice(1).join(' ') };
}

export const ADULT_AGE = 18;
export const UNDERAGE_MESSAGE = 'Você precisa ter 18 anos ou mais para se cadastrar.';

/** Whole years between a YYYY-MM-DD birth date and `now` (UTC calendar). */
export function ageOn(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const years = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return beforeBirthday ? years - 1 : years;
}
