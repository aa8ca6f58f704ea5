/**
 * The sign-in forms' rules (spec §5), as zod schemas whose messages are catalog ids (rendered in pt-BR or en).
 * Part of the lazily loaded forms chunk.
 */
import { z } from 'zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { isValidCpf } from '../../lib/cpf';
import { parseDate, type DateOrder } from '../../lib/date-text';
import { isValidBrazilianPhone } from '../../lib/phone';

export const M = {
  required: 'session.validation.required',
  nameRequired: 'session.validation.name_required',
  fullName: 'session.validation.full_name',
  surname: 'session.validation.surname',
  email: 'session.validation.email',
  phone: 'session.validation.phone',
  phoneCountry: 'session.validation.phone_country',
  password: 'session.validation.password',
  passwordsDiffer: 'session.validation.passwords_differ',
  birthDate: 'session.validation.birth_date',
  underage: 'session.validation.underage',
  terms: 'session.validation.terms',
  captcha: 'session.validation.captcha',
  cpf: 'session.validation.cpf',
  code: 'session.validation.code',
  identifier: 'session.validation.identifier',
} as const;

/** §5: no leading dot, no consecutive dots, a top-level part of 2+ letters; at most 30 characters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 30;
export const PASSWORD_MIN = 8;
export const ADULT_AGE = 18;

const email = z
  .string()
  .trim()
  .min(1, M.required)
  .max(EMAIL_MAX, M.email)
  .regex(EMAIL_PATTERN, M.email);

/** §5 full name: empty, fewer than two words, or a second word shorter than 2 characters. */
export function fullNameMessage(value: string): string | null {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return M.nameRequired;
  if (words.length < 2) return M.fullName;
  if ((words[1] ?? '').length < 2) return M.surname;
  return null;
}

/** The earliest birth year the form accepts: anything before is a typing slip. */
export const BIRTH_YEAR_MIN = 1900;

/**
 * §5 "18 or over", from the birth date as typed in the locale's order (DD/MM/AAAA in pt, MM/DD/YYYY in en):
 * the message id when it is refused, else null.
 */
export function birthDateMessage(text: string, order: DateOrder, today: Date): string | null {
  if (text.trim() === '') return M.required;
  const iso = parseDate(text, order);
  if (!iso || Number(iso.slice(0, 4)) < BIRTH_YEAR_MIN) return M.birthDate;
  const age = ageOn(iso, today);
  if (age < 0) return M.birthDate;
  return age >= ADULT_AGE ? null : M.underage;
}

/** Whole years between a YYYY-MM-DD birth date and `today`. */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const years = today.getFullYear() - y;
  const before = today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  return before ? years - 1 : years;
}

export const password = z
  .string()
  .min(PASSWORD_MIN, M.password)
  .refine((v) => /[A-Za-z]/.test(v) && /[^A-Za-z0-9\s]/.test(v), M.password);

export function registerSchema(options: {
  cpf: boolean;
  phone: boolean;
  callingCode: string;
  /** The order the birth date is typed in (the locale's); day, month, year by default. */
  dateOrder?: DateOrder;
  today?: () => Date;
}) {
  const order = options.dateOrder ?? (['day', 'month', 'year'] as const);
  return z
    .object({
      name: z.string().superRefine((value, ctx) => {
        const message = fullNameMessage(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
      email,
      phone: options.phone
        ? z
            .string()
            .min(1, M.required)
            .refine(() => options.callingCode === '55', M.phoneCountry)
            .refine(isValidBrazilianPhone, M.phone)
        : z.string().optional(),
      cpf: options.cpf ? z.string().min(1, M.required).refine(isValidCpf, M.cpf) : z.string().optional(),
      password,
      password_confirmation: z.string().min(1, M.required),
      // Typed as the locale shows it; handed on as YYYY-MM-DD (the contract's format).
      birth_date: z.string().transform((value, ctx) => {
        const message = birthDateMessage(value, order, (options.today ?? (() => new Date()))());
        if (message) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return parseDate(value, order) as string;
      }),
      terms: z.literal(true, M.terms),
      captcha_token: z.string().min(1, M.captcha),
      referral_code: z.string().max(40).optional(),
    });
}
export type RegisterValues = z.input<ReturnType<typeof registerSchema>>;

/** The login identifier by what the brand requires (§3 login_requires_*): e-mail, phone or CPF. */
export function identifierField(value: string, loginBy: ReadonlyArray<'email' | 'phone' | 'cpf'>): 'email' | 'phone' | 'cpf' | null {
  const v = value.trim();
  if (loginBy.includes('email') && v.includes('@')) return EMAIL_PATTERN.test(v) ? 'email' : null;
  if (loginBy.includes('cpf') && isValidCpf(v) && !v.startsWith('+') && !v.startsWith('(')) return 'cpf';
  if (loginBy.includes('phone') && isValidBrazilianPhone(v)) return 'phone';
  return null;
}

export function loginSchema(loginBy: ReadonlyArray<'email' | 'phone' | 'cpf'>) {
  return z.object({
    identifier: z
      .string()
      .trim()
      .min(1, M.required)
      .refine((v) => identifierField(v, loginBy) !== null, loginBy.length === 1 && loginBy[0] === 'email' ? M.email : M.identifier),
    password: z.string().min(1, M.required),
  });
}
export type LoginValues = z.input<ReturnType<typeof loginSchema>>;

export const recoveryEmailSchema = z.object({ email });
export const recoveryCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/, M.code) });
export const recoveryPasswordSchema = z.object({ password, password_confirmation: z.string().min(1, M.required) });

/**
 * §5 'As senhas não coincidem', checked on every change even while other fields are invalid (a zod object
 * refinement would wait for every field to pass).
 */
export function passwordsMatch(values: FieldValues): Record<string, string> {
  const { password: first, password_confirmation: second } = values as { password?: string; password_confirmation?: string };
  return second && first !== second ? { password_confirmation: M.passwordsDiffer } : {};
}

/** react-hook-form resolver for a zod schema: the first message of each field. */
export function zodResolver<T extends FieldValues>(
  schema: z.ZodType,
  extra: (values: FieldValues) => Record<string, string> = () => ({}),
): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [key, message] of Object.entries(extra(values))) errors[key] = { type: 'custom', message };
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || 'root';
        errors[key] ??= { type: issue.code, message: issue.message };
      }
    }
    if (result.success && Object.keys(errors).length === 0) return { values: result.data as T, errors: {} };
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}
