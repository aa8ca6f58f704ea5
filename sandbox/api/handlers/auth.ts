import type { Queryable } from '../../db/types';
import type { Brand } from '../brands';
import {
  checkCode,
  INVALID_CODE_MESSAGE,
  issueCode,
  RESEND_TOO_SOON_MESSAGE,
  tryCode,
  type CodeOutcome,
  type CodePurpose,
} from '../codes';
import { ok, type Ctx, type Handler, type Reply } from '../context';
import { fail, fieldError, MESSAGES } from '../errors';
import { verifyTestGoogleIdToken } from '../google';
import { hashPassword, verifyPassword } from '../passwords';
import { appendAudit, recordNotice } from '../../audit/trail';
import { ApiError } from '../errors';
import { responsibleGamingOf } from '../../config';
import { effectiveLimit, minutesToday, type LimitRow } from '../responsible-gaming';
import { startOfNextDay } from '../../../shared/sao-paulo';
import { formatDateTime, issueRemovalToken } from './responsible-gaming';
import {
  activeSelfExclusion,
  assertNotSelfExcluded,
  selfExclusionBody,
  assertUnique,
  findPlayerBy,
  findPlayerById,
  isUniqueViolation,
  nationalListBody,
  newReferralCode,
  toUser,
  type PlayerKey,
  type PlayerRow,
} from '../players';
import type { RequestBody } from '../../../shared/api/types';
import { cpfDigits, isValidCpf } from '../../../shared/cpf';
import { ageOn, ADULT_AGE, checkFullName, NAME_MESSAGES, UNDERAGE_MESSAGE } from '../rules/person';
import { normalizeBrazilianPhone } from '../../../shared/phone';
import { createSession, revokeAllSessions, revokeOtherSessions, revokeSession } from '../sessions';
import { creditReferral } from '../rewards';
import { FieldErrorList, requirePlayer } from './guards';
import { checkPersonalUpdate } from '../personal-data';
import { checkAtSignUp, checkDueAtSignIn, checkPlayer } from '../../sigap/checks';
import { isImpediment, type SigapImpediment } from '../../../shared/sigap';
import { REGULATED_FIELD_MESSAGES, saveRegulatedProfile } from '../regulated-profile';
import { issueTicket } from '../second-factor';

/** The sandbox brands' local captcha check (instead of Cloudflare Turnstile): this exact token passes. */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';

const MSG = {
  passwordsDiffer: 'As senhas não coincidem',
  invalidCpf: 'CPF inválido',
  invalidPhone: 'Não foi possível validar o seu telefone',
  invalidCredentials: 'Credenciais inválidas. Verifique seus dados e tente novamente.',
  captcha: 'Falha na verificação do captcha. Tente novamente.',
  google: 'Não foi possível validar o login com o Google.',
  googleDisabled: 'O login com o Google não está disponível neste site.',
  futureDate: 'Informe uma data de nascimento válida.',
} as const;

type RegisterBody = RequestBody<'register'>;

/** The sign-in's User-Agent header, kept with the session for the player's list of sessions. */
const userAgentOf = (request: Ctx['request'] | undefined): string | undefined => {
  const value = request?.headers?.['user-agent'];
  return typeof value === 'string' ? value : undefined;
};

export async function sessionReply(
  db: Queryable,
  player: PlayerRow,
  now: Date,
  status = 200,
  userAgent?: string,
): Promise<Reply> {
  const token = await createSession(db, player.id, now, userAgent);
  return ok({ data: toUser(player), token }, status);
}

function checkBirthDate(errors: FieldErrorList, birthDate: string, now: Date): void {
  const age = ageOn(birthDate, now);
  if (age < 0) errors.add('birth_date', MSG.futureDate);
  else if (age < ADULT_AGE) errors.add('birth_date', UNDERAGE_MESSAGE);
}

function namesOf(
  body: Pick<RegisterBody, 'name' | 'surname'>,
  errors: FieldErrorList,
): { first: string; last: string } {
  if (body.surname === undefined) {
    const full = checkFullName(body.name);
    if (!full.ok) {
      errors.add('name', full.message);
      return { first: '', last: '' };
    }
    return { first: full.firstName, last: full.lastName };
  }
  const first = body.name.trim();
  const last = body.surname.trim();
  if (!first) errors.add('name', NAME_MESSAGES.required);
  if (!last) errors.add('surname', NAME_MESSAGES.required);
  else if (last.length < 2) errors.add('surname', NAME_MESSAGES.surname);
  return { first, last };
}

export const register: Handler = async ({ db, brand, body: raw, now, request, config }) => {
  const body = raw as RegisterBody;
  const errors = new FieldErrorList();
  const { first, last } = namesOf(body, errors);
  if (body.password_confirmation !== body.password) errors.add('password_confirmation', MSG.passwordsDiffer);
  checkBirthDate(errors, body.birth_date, now);
  if (body.captcha_token !== SANDBOX_CAPTCHA_TOKEN) errors.add('captcha_token', MSG.captcha);

  const phone = body.phone ? normalizeBrazilianPhone(body.phone) : null;
  if (body.phone && !phone) errors.add('phone', MSG.invalidPhone);
  else if (!body.phone && brand.features.reg_phone) errors.add('phone', MESSAGES.required);

  const cpf = body.cpf ? cpfDigits(body.cpf) : null;
  if (body.cpf && !isValidCpf(body.cpf)) errors.add('cpf', MSG.invalidCpf);
  else if (!body.cpf && brand.features.registerCPF) errors.add('cpf', MESSAGES.required);
  // Portaria SPA/MF 2.579/2025: a regulated brand's sign-up asks for the gender and the limits, both or neither
  // (never defaulted by the platform). Without them the account is made with its profile pending: no stake nor
  // deposit until POST /profile/regulated-profile (the app's form always sends them).
  const regulated = brand.features.is_regulated === true;
  if (regulated && body.limits && !body.gender) errors.add('gender', REGULATED_FIELD_MESSAGES.gender);
  if (regulated && body.gender && !body.limits) errors.add('limits', REGULATED_FIELD_MESSAGES.limits);
  errors.throwIfAny();

  await assertUnique(db, brand.id, { email: body.email, phone, cpf });
  // IN SPA/MF 31/2025, IN SPA/MF 22/2025: a regulated brand consults the CPF in SIGAP before opening the account.
  if (cpf && brand.features.is_regulated) {
    const answer = await checkAtSignUp(db, { brandId: brand.id, cpf, now });
    if (isImpediment(answer)) throw new ApiError(403, nationalListBody(answer, 'cpf'));
  }
  const passwordHash = await hashPassword(body.password);
  const referrer = body.referral_code?.trim()
    ? ((
        await db.query<{ referral_code: string }>(
          'SELECT referral_code FROM users WHERE brand_id = $1 AND referral_code = $2',
          [brand.id, body.referral_code.trim().toUpperCase()],
        )
      )[0]?.referral_code ?? null)
    : null;

  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO users (brand_id, first_name, last_name, email, phone, cpf, password_hash, birth_date, language,
                            referral_code, referred_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          brand.id,
          first,
          last,
          body.email,
          phone,
          cpf,
          passwordHash,
          body.birth_date,
          body.language ?? 'pt',
          newReferralCode(),
          referrer,
          now,
        ],
      );
      if (!created) throw new Error('INSERT users returned no row');
      await tx.query('INSERT INTO wallets (user_id) VALUES ($1)', [created.id]);
      if (regulated && body.gender && body.limits)
        await saveRegulatedProfile(tx, {
          brandId: brand.id,
          playerId: created.id,
          gender: body.gender,
          limits: body.limits,
          now,
          coolingMs: responsibleGamingOf(config).coolingMs,
        });
      // The referrer is credited once for this player (sandbox/README.md, Rewards).
      if (referrer) await creditReferral(tx, { brandId: brand.id, refereeId: created.id, referralCode: referrer, now });
      await issueCode(tx, 'email', emailRecipient(brand, { id: created.id, email: body.email }, 'email'), now);
      // The sign-up's SIGAP answer is the player's first check (the next one: the first sign-in of another day).
      if (cpf && brand.features.is_regulated)
        await tx.query("UPDATE users SET sigap_status = 'nao_impedido', sigap_checked_at = $2 WHERE id = $1", [
          created.id,
          now,
        ]);
      const player = await findPlayerById(tx, created.id);
      if (!player) throw new Error('registered player vanished');
      await recordNotice(tx, { brandId: brand.id, playerId: player.id, kind: 'signup', at: now });
      return await sessionReply(tx, player, now, 201, userAgentOf(request));
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail(409, 'Já existe uma conta com estes dados.');
    throw error;
  }
};

/** Which identifiers the brand's login form asks for (e-mail when no switch is on). */
function loginKeys(brand: Brand): Exclude<PlayerKey, 'google_sub'>[] {
  const keys = (['email', 'phone', 'cpf'] as const).filter((key) => brand.features[`login_requires_${key}`]);
  return keys.length > 0 ? keys : ['email'];
}

// A fixed hash to verify against when the identifier is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('sandbox-timing-equaliser'));

export const login: Handler = async ({ db, brand, body: raw, now, config, request, publisher }) => {
  const body = raw as RequestBody<'login'>;
  const keys = loginKeys(brand);
  const key = keys.find((k) => body[k]);
  if (!key) fieldError(keys[0] ?? 'email', MESSAGES.required);
  const given = body[key] ?? '';
  const value = key === 'phone' ? normalizeBrazilianPhone(given) : key === 'cpf' ? cpfDigits(given) : given.trim();
  const player = value ? await findPlayerBy(db, brand.id, key, value) : null;
  const valid = await verifyPassword(body.password, player?.password_hash ?? (await timingDummy()));
  if (!player || !valid) fail(422, MSG.invalidCredentials, { [key]: [MSG.invalidCredentials] });
  const period = activeSelfExclusion(player, now);
  if (period) await auditRefusedLogin(db, player, period, now, 'password');
  if (period && period.end === null) {
    // Indefinite: the right password earns the date it may end and a one-use token to end it then.
    const extras = await issueRemovalToken(db, player, period, now, responsibleGamingOf(config).exclusionWaitMs);
    throw new ApiError(403, { ...selfExclusionBody(period), ...extras });
  }
  assertNotSelfExcluded(player, now);
  await assertPlayTimeLeft(db, player, now);
  const checked = await checkSigapAtSignIn(ctxDeps(db, publisher), brand, player, now);
  if (secondFactorAsked(brand, checked)) return challengeReply(db, checked, now);
  return db.transaction(async (tx) => {
    await recordNotice(tx, { brandId: brand.id, playerId: player.id, kind: 'login', at: now });
    return sessionReply(tx, checked, now, 200, userAgentOf(request));
  });
};

/** Portaria SPA/MF 722/2024: on a regulated brand a player with a second factor gets no session from a password. */
function secondFactorAsked(brand: Brand, player: PlayerRow): boolean {
  return brand.features.is_regulated === true && player.totp_enabled_at !== null;
}

/** 202: the ticket that POST /auth/second-factor/verify turns into a session. */
async function challengeReply(db: Queryable, player: PlayerRow, now: Date): Promise<Reply> {
  const { ticket, expiresAt } = await issueTicket(db, player.id, now);
  return ok({ second_factor_required: true, ticket, expires_at: expiresAt.toISOString() }, 202);
}

/**
 * A sign-in refused because the player is self-excluded (right credentials only) is audited for the compliance
 * timeline (`login.refused_self_exclusion`, actor system): the period in force and the way in, nothing else.
 */
async function auditRefusedLogin(
  db: Queryable,
  player: PlayerRow,
  period: { start: Date; end: Date | null },
  now: Date,
  channel: 'password' | 'google',
): Promise<void> {
  await appendAudit(db, {
    brandId: player.brand_id,
    playerId: player.id,
    actor: 'system',
    action: 'login.refused_self_exclusion',
    after: { channel, start_at: period.start.toISOString(), end_at: period.end?.toISOString() ?? null },
    at: now,
  });
}

const ctxDeps = (db: Ctx['db'], publisher: Ctx['publisher']) => ({ db, publisher });

/**
 * The national list check of a sign-in on a regulated brand (IN SPA/MF 22/2025: the first sign-in of each São Paulo
 * day, and every 15 days): a closed account is refused (403 NationalListError under `errors.login`); an impeded one
 * signs in to withdraw (the User carries `impediment`). Returns the player as the check left them.
 */
async function checkSigapAtSignIn(
  deps: { db: Ctx['db']; publisher: Ctx['publisher'] },
  brand: Brand,
  player: PlayerRow,
  now: Date,
): Promise<PlayerRow> {
  if (!brand.features.is_regulated) return player;
  if (player.sigap_closed_at) {
    await appendAudit(deps.db, {
      brandId: player.brand_id,
      playerId: player.id,
      actor: 'system',
      action: 'login.refused_sigap',
      after: { reason: player.sigap_status },
      at: now,
    });
    throw new ApiError(403, nationalListBody(impedimentReason(player.sigap_status), 'login'));
  }
  const moment = checkDueAtSignIn(player.sigap_checked_at, now);
  if (!moment || !player.cpf) return player;
  await checkPlayer(deps, player.id, moment, now);
  return (await findPlayerById(deps.db, player.id)) ?? player;
}

const impedimentReason = (status: string | null): SigapImpediment =>
  status === 'impedido_beneficiario' ? 'impedido_beneficiario' : 'impedido_autoexclusao';

/** 403 PlayTimeLimitError when today's play time has reached the player's daily limit. */
async function assertPlayTimeLeft(db: Queryable, player: PlayerRow, now: Date): Promise<void> {
  const [limit] = await db.query<LimitRow>(
    "SELECT * FROM player_limits WHERE user_id = $1 AND kind = 'session' AND period = 'day'",
    [player.id],
  );
  const minutes = limit ? effectiveLimit(limit, now) : null;
  if (minutes === null) return;
  if ((await minutesToday(db, player.id, now)) < minutes) return;
  const until = startOfNextDay(now);
  const message = `Você atingiu seu limite diário de ${minutes} minutos de jogo. Você poderá entrar de novo a partir de ${formatDateTime(until)}.`;
  // The same text under `errors.login`, so the login form shows it (spec §8's generic rule).
  throw new ApiError(403, {
    message,
    errors: { login: [message] },
    timeLimit: true,
    until: until.toISOString(),
  });
}

export const loginWithGoogle: Handler = async ({ db, brand, body, now, request, publisher }) => {
  if (!brand.features.casAllowGoogleAuth) fieldError('idToken', MSG.googleDisabled);
  const identity = verifyTestGoogleIdToken((body as RequestBody<'loginWithGoogle'>).idToken, now);
  if (!identity) fieldError('idToken', MSG.google);

  const existing =
    (await findPlayerBy(db, brand.id, 'google_sub', identity.sub)) ??
    (await findPlayerBy(db, brand.id, 'email', identity.email));
  if (existing) {
    // Refused like at the password login: self-excluded, or today's play time used up (403, `errors.login`).
    const period = activeSelfExclusion(existing, now);
    if (period) await auditRefusedLogin(db, existing, period, now, 'google');
    assertNotSelfExcluded(existing, now);
    await assertPlayTimeLeft(db, existing, now);
    const checked = await checkSigapAtSignIn(ctxDeps(db, publisher), brand, existing, now);
    if (!existing.google_sub)
      await db.query('UPDATE users SET google_sub = $2 WHERE id = $1', [existing.id, identity.sub]);
    if (secondFactorAsked(brand, existing)) return challengeReply(db, existing, now);
    await recordNotice(db, { brandId: brand.id, playerId: existing.id, kind: 'login', at: now });
    return sessionReply(db, checked, now, 200, userAgentOf(request));
  }
  const full = checkFullName(identity.name);
  const [firstName, lastName] = full.ok
    ? [full.firstName, full.lastName]
    : [identity.name.trim() || identity.email, ''];
  return db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO users (brand_id, first_name, last_name, email, google_sub, email_verified_at, referral_code, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6) RETURNING id`,
      [brand.id, firstName, lastName, identity.email, identity.sub, now, newReferralCode()],
    );
    if (!created) throw new Error('INSERT users returned no row');
    await tx.query('INSERT INTO wallets (user_id) VALUES ($1)', [created.id]);
    const player = await findPlayerById(tx, created.id);
    if (!player) throw new Error('registered player vanished');
    await recordNotice(tx, { brandId: brand.id, playerId: player.id, kind: 'signup', at: now });
    return sessionReply(tx, player, now, 200, userAgentOf(request));
  });
};

export const validateCpf: Handler = async ({ db, brand, body }) => {
  const input = (body as RequestBody<'validateCpf'>).cpf;
  if (!isValidCpf(input)) fieldError('cpf', MSG.invalidCpf);
  await assertUnique(db, brand.id, { cpf: cpfDigits(input) });
  return ok({ valid: true, message: 'CPF válido.' });
};

export const getMe: Handler = async (ctx) => ok({ data: toUser(requirePlayer(ctx)) });

export const updateUser: Handler = async (ctx) => {
  const { db, brand, now } = ctx;
  const player = requirePlayer(ctx);
  const body = ctx.body as RequestBody<'updateUser'>;
  const errors = new FieldErrorList();
  for (const field of ['first_name', 'last_name'] as const) {
    if (body[field] !== undefined && !body[field].trim()) errors.add(field, NAME_MESSAGES.required);
  }
  const phone = body.phone === undefined ? undefined : normalizeBrazilianPhone(body.phone);
  if (phone === null) errors.add('phone', MSG.invalidPhone);
  if (body.birth_date !== undefined) checkBirthDate(errors, body.birth_date, now);
  errors.throwIfAny();
  const address = checkPersonalUpdate(player, body, now); // the address; 409 once verified
  await assertUnique(db, brand.id, { email: body.email, phone }, player.id);

  try {
    await db.query(
      `UPDATE users SET
         first_name = coalesce($2, first_name),
         last_name = coalesce($3, last_name),
         email = coalesce($4, email),
         email_verified_at = CASE WHEN $4::text IS NULL OR lower($4) = lower(email) THEN email_verified_at END,
         phone = coalesce($5, phone),
         phone_verified_at = CASE WHEN $5::text IS NULL OR $5 = phone THEN phone_verified_at END,
         birth_date = coalesce($6::date, birth_date),
         language = coalesce($7, language),
         address = coalesce($8::jsonb, address)
       WHERE id = $1`,
      [
        player.id,
        body.first_name?.trim() ?? null,
        body.last_name?.trim() ?? null,
        body.email ?? null,
        phone ?? null,
        body.birth_date ?? null,
        body.language ?? null,
        address ? JSON.stringify(address) : null,
      ],
    );
  } catch (error) {
    if (isUniqueViolation(error)) fail(409, 'Já existe uma conta com estes dados.');
    throw error;
  }
  const updated = await findPlayerById(db, player.id);
  return ok({ data: toUser(updated ?? player), message: 'Dados atualizados com sucesso.' });
};

export const logout: Handler = async ({ db, identity, now }) => {
  if (identity.kind !== 'player') fail(401, MESSAGES.unauthenticated);
  await revokeSession(db, identity.tokenHash, now);
  return ok({ message: 'Sessão encerrada.' });
};

export function emailRecipient(brand: Brand, player: Pick<PlayerRow, 'id' | 'email'>, purpose: CodePurpose) {
  const subject =
    purpose === 'password_reset'
      ? `${brand.name}: código para redefinir a senha`
      : purpose === 'second_factor'
        ? `${brand.name}: código para entrar sem o aplicativo autenticador`
        : `${brand.name}: confirme seu e-mail`;
  return {
    brandId: brand.id,
    playerId: player.id,
    channel: 'email' as const,
    address: player.email,
    subject,
    body: (code: string) => `Seu código é ${code}. Ele vale por 15 minutos. Se você não pediu, ignore esta mensagem.`,
  };
}

/**
 * A code asked for before §9's 20 s since the last one of its purpose: 429 on `code`, with the seconds left in
 * Retry-After (the app counts them down).
 */
export function resendTooSoon(waitSeconds: number): Reply {
  return {
    status: 429,
    body: { message: RESEND_TOO_SOON_MESSAGE, errors: { code: [RESEND_TOO_SOON_MESSAGE] } },
    headers: { 'retry-after': String(waitSeconds) },
  };
}

export const recoverPassword: Handler = async ({ db, brand, body, now }) => {
  const player = await findPlayerBy(db, brand.id, 'email', (body as RequestBody<'recoverPassword'>).email);
  // Within the resend wait nothing is sent, and the answer is the same as for an unknown address: a guest must not
  // learn from a 429 that an account exists. (The app holds the same wait before it offers a resend.)
  if (player)
    await db.transaction((tx) => issueCode(tx, 'password_reset', emailRecipient(brand, player, 'password_reset'), now));
  return ok({ message: 'Se o e-mail estiver cadastrado, você receberá um código de 6 dígitos.' });
};

export const verifyRecoveryCode: Handler = async ({ db, brand, body: raw, now }) => {
  const body = raw as RequestBody<'verifyRecoveryCode'>;
  const player = await findPlayerBy(db, brand.id, 'email', body.email);
  const valid = player ? await checkCode(db, 'password_reset', player.id, body.code, now, false) : false;
  if (!valid) fieldError('code', INVALID_CODE_MESSAGE);
  return ok({ valid: true, message: 'Código válido.' });
};

export const resetPassword: Handler = async ({ db, brand, body: raw, now, identity }) => {
  const body = raw as RequestBody<'resetPassword'>;
  if (body.password_confirmation !== body.password) fieldError('password_confirmation', MSG.passwordsDiffer);
  const player = await findPlayerBy(db, brand.id, 'email', body.email);
  if (!player) fieldError('code', INVALID_CODE_MESSAGE);
  const passwordHash = await hashPassword(body.password);
  // A signed-in player changing their own password (/user/edit/access-data) keeps the session that asked; a
  // recovery (signed out, or someone else's session) ends every session of the player.
  const keep = identity.kind === 'player' && identity.player.id === player.id ? identity.tokenHash : null;
  // The wrong-code attempt count must persist, so the transaction returns instead of throwing.
  const changed = await db.transaction(async (tx) => {
    if (!(await checkCode(tx, 'password_reset', player.id, body.code, now, true))) return false;
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [player.id, passwordHash]);
    const ended = keep
      ? await revokeOtherSessions(tx, player.id, keep, now)
      : await revokeAllSessionsCounted(tx, player.id, now);
    await appendAudit(tx, {
      brandId: brand.id,
      playerId: player.id,
      actor: 'player',
      action: keep ? 'password.changed' : 'password.reset',
      after: { sessions_ended: ended, this_session_kept: keep !== null },
      at: now,
    });
    return true;
  });
  if (!changed) fieldError('code', INVALID_CODE_MESSAGE);
  return ok({
    message: keep
      ? 'Senha alterada. As outras sessões foram encerradas.'
      : 'Senha redefinida com sucesso. Faça login com a nova senha.',
  });
};

/** The live sessions of a player, counted, then ended (a recovery's reset). */
async function revokeAllSessionsCounted(tx: Queryable, playerId: number, now: Date): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
    [playerId],
  );
  await revokeAllSessions(tx, playerId, now);
  return row?.n ?? 0;
}

async function verifyContact(ctx: Ctx, purpose: 'email' | 'phone') {
  const { db, brand, now } = ctx;
  const player = requirePlayer(ctx);
  const code = (ctx.body as RequestBody<'verifyEmail' | 'verifyPhone'> | undefined)?.code;
  const verifiedAt = purpose === 'email' ? player.email_verified_at : player.phone_verified_at;
  const label = purpose === 'email' ? 'E-mail' : 'Telefone';
  if (verifiedAt) return ok({ verified: true, message: `${label} já verificado.` });
  if (purpose === 'phone' && !player.phone) fieldError('phone', 'Cadastre um telefone antes de verificá-lo.');

  if (code === undefined) {
    const to =
      purpose === 'email'
        ? emailRecipient(brand, player, 'email')
        : {
            brandId: brand.id,
            playerId: player.id,
            channel: 'sms' as const,
            address: player.phone ?? '',
            subject: `${brand.name}: verificação de telefone`,
            body: (c: string) => `${brand.name}: seu código de verificação é ${c}.`,
          };
    const issued = await db.transaction((tx) => issueCode(tx, purpose, to, now));
    if (!issued.sent) return resendTooSoon(issued.waitSeconds);
    return ok({
      verified: false,
      message: purpose === 'email' ? 'Enviamos um código para o seu e-mail.' : 'Enviamos um código por SMS.',
    });
  }
  // The attempt count must persist, so the transaction returns the outcome instead of throwing.
  const outcome = await db.transaction(async (tx) => {
    const result = await tryCode(tx, purpose, player.id, code, now, true);
    if (result.kind === 'ok') {
      await tx.query(`UPDATE users SET ${purpose}_verified_at = $2 WHERE id = $1`, [player.id, now]);
      await appendAudit(tx, {
        brandId: brand.id,
        playerId: player.id,
        actor: 'player',
        action: `${purpose}.verified`,
        before: { verified: false },
        after: { verified: true },
        at: now,
      });
    }
    return result;
  });
  refuseCode(outcome);
  return ok({ verified: true, message: `${label} verificado com sucesso.` });
}

/**
 * Why a verification code was refused (the app tells the player, in their language, by the status): 422 on
 * `code` for a wrong code (with the attempts left), 410 when it expired or none is waiting (ask for a new one), 429
 * when 5 wrong guesses burnt it.
 */
export function refuseCode(outcome: CodeOutcome): void {
  switch (outcome.kind) {
    case 'ok':
      return;
    case 'wrong':
      return fieldError(
        'code',
        outcome.attemptsLeft === 1
          ? 'Código incorreto. Resta 1 tentativa.'
          : `Código incorreto. Restam ${outcome.attemptsLeft} tentativas.`,
      );
    case 'tooMany':
      return fieldError('code', 'Muitas tentativas com código incorreto. Peça um novo código.', 429);
    case 'expired':
      return fieldError('code', 'Código expirado. Peça um novo código.', 410);
    case 'none':
      return fieldError('code', 'Nenhum código válido aguardando. Peça um novo código.', 410);
  }
}

export const verifyEmail: Handler = (ctx) => verifyContact(ctx, 'email');
export const verifyPhone: Handler = (ctx) => verifyContact(ctx, 'phone');

export const requestPasswordChange: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const issued = await ctx.db.transaction((tx) =>
    issueCode(tx, 'password_reset', emailRecipient(ctx.brand, player, 'password_reset'), ctx.now),
  );
  if (!issued.sent) return resendTooSoon(issued.waitSeconds);
  return ok({ message: 'Enviamos um código para o seu e-mail para confirmar a troca de senha.' });
};
