/**
 * The sign-in forms' rules (spec §5), as zod/mini schemas whose messages are catalog ids (rendered in pt-BR or en),
 * handed to react-hook-form through @hookform/resolvers' zod resolver (which reads zod 4 schemas, mini included,
 * through zod/v4/core). Part of the lazily loaded forms chunk.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX, EMAIL_PATTERN } from '../../lib/email-rule';
import * as z from 'zod/mini';
import { isValidCpf } from '../../../shared/cpf';
import { parseDate, type DateOrder } from '../../lib/date-text';
import { isValidBrazilianPhone } from '../../../shared/phone';
import { fullNameProblem, type FullNameProblem } from '../../../shared/full-name';

export { zodResolver };

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

/** §5: no leading dot, no consecutive dots, a top-level part of 2+ letters; at most 30 characters (src/lib). */
export { EMAIL_MAX, EMAIL_PATTERN };
export const PASSWORD_MIN = 8;
export const ADULT_AGE = 18;

const email = z
  .string()
  .check(z.trim(), z.minLength(1, M.required), z.maxLength(EMAIL_MAX, M.email), z.regex(EMAIL_PATTERN, M.email));
const required = () => z.string().check(z.minLength(1, M.required));

/** §5 full name: empty, fewer than two words, or a second word shorter than 2 characters (shared/full-name.ts). */
export function fullNameMessage(value: string): string | null {
  const problem = fullNameProblem(value);
  return problem === null ? null : FULL_NAME_MESSAGES[problem];
}

/** The catalog ids of §5's full-name texts. */
export const FULL_NAME_MESSAGES: Record<FullNameProblem, string> = {
  required: M.nameRequired,
  fullName: M.fullName,
  surname: M.surname,
};

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

export const password = z.string().check(
  z.minLength(PASSWORD_MIN, M.password),
  z.refine((v) => /[A-Za-z]/.test(v) && /[^A-Za-z0-9\s]/.test(v), M.password),
);

/**
 * §5 'As senhas não coincidem', on the confirmation field, checked on every change even while other fields are
 * invalid (`when`: an object refinement would otherwise wait for every field to pass).
 */
function passwordsMatch<T extends { password: string; password_confirmation: string }>() {
  return z.refine<T>((v) => !v.password_confirmation || v.password === v.password_confirmation, {
    message: M.passwordsDiffer,
    path: ['password_confirmation'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
}

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
      name: z.string().check(
        z.superRefine((value, ctx) => {
          const message = fullNameMessage(value);
          if (message) ctx.addIssue({ code: 'custom', message, input: value });
        }),
      ),
      email,
      phone: options.phone
        ? z.string().check(
            z.minLength(1, M.required),
            z.refine(() => options.callingCode === '55', M.phoneCountry),
            z.refine(isValidBrazilianPhone, M.phone),
          )
        : z.optional(z.string()),
      cpf: options.cpf
        ? z.string().check(z.minLength(1, M.required), z.refine(isValidCpf, M.cpf))
        : z.optional(z.string()),
      password,
      password_confirmation: required(),
      // Typed as the locale shows it; handed on as YYYY-MM-DD (the contract's format).
      birth_date: z.pipe(
        z.string(),
        z.transform((value: string, ctx) => {
          const message = birthDateMessage(value, order, (options.today ?? (() => new Date()))());
          if (message) {
            ctx.issues.push({ code: 'custom', message, input: value });
            return z.NEVER;
          }
          return parseDate(value, order) as string;
        }),
      ),
      terms: z.literal(true, M.terms),
      captcha_token: z.string().check(z.minLength(1, M.captcha)),
      referral_code: z.optional(z.string().check(z.maxLength(40))),
    })
    .check(passwordsMatch());
}
export type RegisterValues = z.input<ReturnType<typeof registerSchema>>;
export type RegisterOutput = z.output<ReturnType<typeof registerSchema>>;

/** The login identifier by what the brand requires (§3 login_requires_*): e-mail, phone or CPF. */
export function identifierField(
  value: string,
  loginBy: ReadonlyArray<'email' | 'phone' | 'cpf'>,
): 'email' | 'phone' | 'cpf' | null {
  const v = value.trim();
  if (loginBy.includes('email') && v.includes('@')) return EMAIL_PATTERN.test(v) ? 'email' : null;
  if (loginBy.includes('cpf') && isValidCpf(v) && !v.startsWith('+') && !v.startsWith('(')) return 'cpf';
  if (loginBy.includes('phone') && isValidBrazilianPhone(v)) return 'phone';
  return null;
}

export function loginSchema(loginBy: ReadonlyArray<'email' | 'phone' | 'cpf'>) {
  return z.object({
    identifier: z.string().check(
      z.trim(),
      z.minLength(1, M.required),
      z.refine(
        (v) => identifierField(v, loginBy) !== null,
        loginBy.length === 1 && loginBy[0] === 'email' ? M.email : M.identifier,
      ),
    ),
    password: required(),
  });
}
export type LoginValues = z.input<ReturnType<typeof loginSchema>>;

export const recoveryEmailSchema = z.object({ email });
export const recoveryCodeSchema = z.object({ code: z.string().check(z.regex(/^\d{6}$/, M.code)) });
export const recoveryPasswordSchema = z.object({ password, password_confirmation: required() }).check(passwordsMatch());
