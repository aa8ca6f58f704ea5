import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTestGoogleIdToken } from './google';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { completeCpf } from '../../shared/cpf';
import { bearer, createTestApi, type TestApi } from './test-support';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const NOW = new Date();
const yearsAgo = (years: number, days = 0) => {
  const d = new Date(Date.UTC(NOW.getUTCFullYear() - years, NOW.getUTCMonth(), NOW.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
};

let serial = 0;
function registration(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: 'Teste',
    surname: 'Cadastro',
    email: `teste${serial}@exemplo.test`,
    phone: `11 9${String(70000000 + serial).padStart(8, '0')}`,
    password: 'Segura#2024',
    password_confirmation: 'Segura#2024',
    birth_date: '1990-01-15',
    terms: true,
    captcha_token: SANDBOX_CAPTCHA_TOKEN,
    ...overrides,
  };
}

const register = (payload: Record<string, unknown>, host = 'localhost') =>
  api.app.inject({ method: 'POST', url: '/api/auth/register', headers: { host }, payload });
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors?: Record<string, string[]> }).errors ?? {};

describe('registration', () => {
  it('creates the player, their wallet and a session', async () => {
    const res = await register(registration({ email: 'nova@exemplo.test' }));
    expect(res.statusCode).toBe(201);
    const { data, token } = res.json() as { data: { id: number; wallet: { balance: number } }; token: string };
    expect(data.wallet.balance).toBe(0);
    const me = await api.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect((me.json() as { data: { id: number } }).data.id).toBe(data.id);
  });

  it('stores the password scrypt-hashed and the session token only as a SHA-256 hash', async () => {
    const res = await register(registration({ email: 'hash@exemplo.test' }));
    const { data, token } = res.json() as { data: { id: number }; token: string };
    const [user] = await api.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      data.id,
    ]);
    expect(user?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(user?.password_hash).not.toContain('Segura#2024');
    const sessions = await api.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [
      data.id,
    ]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]?.token_hash).not.toBe(token);
  });

  it('refuses a duplicate e-mail, phone or CPF with 409 and names the field', async () => {
    const first = registration({ cpf: completeCpf('246813579') });
    expect((await register(first, 'azul.localhost')).statusCode).toBe(201);
    for (const field of ['email', 'phone', 'cpf'] as const) {
      const again = registration({ cpf: completeCpf('135792468'), [field]: first[field as keyof typeof first] });
      const res = await register(again, 'azul.localhost');
      expect(res.statusCode, field).toBe(409);
      expect(Object.keys(errorsOf(res)), field).toEqual([field]);
    }
    // E-mail uniqueness ignores case.
    const upper = await register(
      registration({ email: first.email.toUpperCase(), cpf: completeCpf('975318642') }),
      'azul.localhost',
    );
    expect(upper.statusCode).toBe(409);
  });

  it('refuses an invalid CPF with 422 "CPF inválido" and requires one where registerCPF is on', async () => {
    for (const cpf of ['529.982.247-26', '111.111.111-11', '12345678900']) {
      const res = await register(registration({ cpf }), 'azul.localhost');
      expect(res.statusCode, cpf).toBe(422);
      expect(errorsOf(res).cpf, cpf).toEqual(['CPF inválido']);
    }
    const missing = await register(registration(), 'azul.localhost');
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing).cpf).toEqual(['Este é um campo obrigatório.']);
    // Sorte Verde does not ask for a CPF.
    expect((await register(registration())).statusCode).toBe(201);
  });

  it('refuses players under 18 (one day short) and accepts them on their 18th birthday', async () => {
    const young = await register(registration({ birth_date: yearsAgo(18, 1) }));
    expect(young.statusCode).toBe(422);
    expect(errorsOf(young).birth_date).toEqual(['Você precisa ter 18 anos ou mais para se cadastrar.']);
    expect((await register(registration({ birth_date: yearsAgo(18) }))).statusCode).toBe(201);
  });

  it('applies the §5 messages: confirmation, full name, password, e-mail, terms, captcha, phone', async () => {
    const res = await register(
      registration({
        name: 'Ana',
        surname: undefined,
        password: 'semsimbolo1',
        password_confirmation: 'outra',
        email: 'a..b@exemplo.test',
        terms: false,
        captcha_token: 'wrong',
        phone: '+1 415 555 0100',
      }),
    );
    expect(res.statusCode).toBe(422);
    const errors = errorsOf(res);
    expect(errors.password).toEqual(['A senha deve ter pelo menos 8 caracteres, com letras e símbolos.']);
    expect(errors.email).toEqual(['Informe um e-mail válido com no máximo 30 caracteres.']);
    expect(errors.terms).toEqual(['Você precisa aceitar os termos e condições.']);

    const semantic = await register(
      registration({
        name: 'Ana',
        surname: undefined,
        password_confirmation: 'Outra#2024',
        captcha_token: 'x',
        phone: '+1 415 555 0100',
      }),
    );
    expect(errorsOf(semantic)).toEqual({
      name: ['Por favor, insira seu nome completo.'],
      password_confirmation: ['As senhas não coincidem'],
      captcha_token: ['Falha na verificação do captcha. Tente novamente.'],
      phone: ['Não foi possível validar o seu telefone'],
    });
    const shortSurname = await register(registration({ name: 'Ana S', surname: undefined }));
    expect(errorsOf(shortSurname).name).toEqual(['O sobrenome deve ter mais de três caracteres.']);
    const long = await register(registration({ email: 'muito.longo.demais.mesmo@exemplo.test' }));
    expect(Object.keys(errorsOf(long))).toEqual(['email']);
  });
});

describe('login', () => {
  it('signs in by e-mail (any case) and refuses a wrong password with field errors', async () => {
    const ok = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ANA@sorteverde.test', password: 'Senha@123' },
    });
    expect(ok.statusCode).toBe(200);
    const wrong = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@sorteverde.test', password: 'Senha@124' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong).email).toHaveLength(1);
    const unknown = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ninguem@sorteverde.test', password: 'Senha@123' },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('signs in by CPF where the brand allows it (Azul Bet) and not where it does not', async () => {
    const azul = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'azul.localhost:5173' },
      payload: { cpf: '529.982.247-25', password: 'Senha@123' },
    });
    expect(azul.statusCode).toBe(200);
    const verde = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cpf: '529.982.247-25', password: 'Senha@123' },
    });
    expect(verde.statusCode).toBe(422);
    expect(errorsOf(verde).email).toEqual(['Este é um campo obrigatório.']);
  });

  it('refuses a self-excluded player with 403, selfExcluded and both dates', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'carla@sorteverde.test', password: 'Senha@123' },
    });
    expect(res.statusCode).toBe(403);
    const body = res.json() as { selfExcluded: boolean; start_at: string; end_at: string; message: string };
    expect(body.selfExcluded).toBe(true);
    expect(new Date(body.start_at).getTime()).toBeLessThan(Date.now());
    expect(new Date(body.end_at).getTime()).toBeGreaterThan(Date.now());
    expect(body.message).toMatch(/autoexclusão até \d{2}\/\d{2}\/\d{4}/);
    const [sessions] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'carla@sorteverde.test'",
    );
    expect(sessions?.n).toBe(0);
  });

  it('reports an indefinite self-exclusion with end_at null', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'azul.localhost' },
      payload: { email: 'elisa@azulbet.test', password: 'Senha@123' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ selfExcluded: true, end_at: null });
  });

  it('keeps a token of one brand from working on another', async () => {
    const token = await api.login('ana@sorteverde.test');
    const res = await api.app.inject({ url: '/api/auth/me', headers: { ...bearer(token), host: 'azul.localhost' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('session tokens', () => {
  it('logout revokes the token for good; other sessions stay', async () => {
    const a = await api.login('ana@sorteverde.test');
    const b = await api.login('ana@sorteverde.test');
    expect((await api.app.inject({ url: '/api/auth/logout', headers: bearer(a) })).statusCode).toBe(200);
    expect((await api.app.inject({ url: '/api/auth/me', headers: bearer(a) })).statusCode).toBe(401);
    expect((await api.app.inject({ url: '/api/profile/wallet', headers: bearer(a) })).statusCode).toBe(401);
    expect((await api.app.inject({ url: '/api/auth/me', headers: bearer(b) })).statusCode).toBe(200);
  });

  it('a self-excluded player with a live token gets 403 with the dates on signed-in calls', async () => {
    const token = await api.login('bruno@sorteverde.test');
    await api.db.query(
      "UPDATE users SET self_excluded_at = now() - interval '1 day', self_excluded_until = now() + interval '30 days' WHERE email = 'bruno@sorteverde.test'",
    );
    const me = await api.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ selfExcluded: true });
    await api.db.query(
      "UPDATE users SET self_excluded_at = NULL, self_excluded_until = NULL WHERE email = 'bruno@sorteverde.test'",
    );
    expect((await api.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('password recovery', () => {
  it('recover → verify-code → reset-password; the code works once and old sessions end', async () => {
    const email = 'ana@sorteverde.test';
    const oldToken = await api.login(email);
    await api.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email } });
    const code = await api.latestCode(email);
    const [stored] = await api.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM verification_codes v JOIN users u ON u.id = v.user_id WHERE u.email = $1 AND v.used_at IS NULL',
      [email],
    );
    expect(stored?.code_hash).not.toContain(code);

    expect(
      (await api.app.inject({ method: 'POST', url: '/api/auth/verify-code', payload: { email, code } })).statusCode,
    ).toBe(200);
    const reset = { email, code, password: 'Trocada#2025', password_confirmation: 'Trocada#2025' };
    expect((await api.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: reset })).statusCode).toBe(
      200,
    );
    expect((await api.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: reset })).statusCode).toBe(
      422,
    );
    expect((await api.app.inject({ url: '/api/auth/me', headers: bearer(oldToken) })).statusCode).toBe(401);
    await api.login(email, 'localhost', 'Trocada#2025');
    // Put the demo password back for the other tests.
    await api.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email } });
    const again = await api.latestCode(email);
    await api.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, code: again, password: 'Senha@123', password_confirmation: 'Senha@123' },
    });
  });

  it('burns a code after 5 wrong guesses', async () => {
    const email = 'bruno@sorteverde.test';
    await api.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email } });
    const code = await api.latestCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await api.app.inject({ method: 'POST', url: '/api/auth/verify-code', payload: { email, code: wrong } }))
          .statusCode,
      ).toBe(422);
    }
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/auth/verify-code', payload: { email, code } })).statusCode,
    ).toBe(422);
  });
});

describe('Google login', () => {
  it('accepts a sandbox-signed id token, creates the player once, then signs them in', async () => {
    const idToken = signTestGoogleIdToken({ sub: 'google-123', email: 'gui.google@example.com', name: 'Gui Google' });
    const first = await api.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken } });
    expect(first.statusCode).toBe(200);
    const second = await api.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken } });
    expect((second.json() as { data: { id: number } }).data.id).toBe(
      (first.json() as { data: { id: number } }).data.id,
    );
  });

  it('refuses tampered and expired tokens, and brands without Google login', async () => {
    const idToken = signTestGoogleIdToken({ sub: 'google-9', email: 'x@example.com', name: 'X Y' });
    const [h, , s] = idToken.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', email: 'a@b.co', name: 'A B', exp: 9e9, iss: 'https://accounts.google.com' })).toString('base64url')}.${s}`;
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: forged } })).statusCode,
    ).toBe(422);
    const expired = signTestGoogleIdToken(
      { sub: 'google-9', email: 'x@example.com', name: 'X Y' },
      { now: new Date(Date.now() - 7200_000) },
    );
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: expired } })).statusCode,
    ).toBe(422);
    const azul = await api.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      headers: { host: 'azul.localhost' },
      payload: { idToken },
    });
    expect(errorsOf(azul).idToken).toEqual(['O login com o Google não está disponível neste site.']);
  });

  it('refuses a self-excluded player signing in with Google', async () => {
    const idToken = signTestGoogleIdToken({
      sub: 'google-carla',
      email: 'carla@sorteverde.test',
      name: 'Carla Mendes',
    });
    const res = await api.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ selfExcluded: true });
  });
});
