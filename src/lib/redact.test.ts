import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactEvent, redactInspectionEvent, redactSnapshot, redactText } from './redact';

describe('redactText: personal data recognised by value', () => {
  it.each([
    ['CPF with mask', 'CPF 123.456.789-09 informado', 'CPF [redacted] informado'],
    ['CPF digits only', 'cpf=12345678909', 'cpf=[redacted]'],
    ['CPF partly masked', '123456789-09', REDACTED],
    ['CNPJ', '12.345.678/0001-95', REDACTED],
    ['e-mail', 'Código enviado para ana.souza+1@example.com.br.', 'Código enviado para [redacted].'],
    ['phone +55 spaced', '+55 11 91234-5678', REDACTED],
    ['phone +55 compact', '+5511912345678', REDACTED],
    ['phone with DDD in brackets', '(11) 91234-5678', REDACTED],
    ['landline with DDD in brackets', '(21) 3456-7890', REDACTED],
    ['phone with DDD', '11 91234-5678', REDACTED],
    ['mobile without DDD', 'ligue 91234-5678', 'ligue [redacted]'],
    ['mobile digits only', '11912345678', REDACTED],
    ['mobile digits with country code', '5511912345678', REDACTED],
    ['random pix key (EVP)', 'chave 3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', 'chave [redacted]'],
    ['JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcDEF123_-x', REDACTED],
    ['Bearer credential', 'Authorization: Bearer 1|abcdefGHIJ', 'Authorization: [redacted]'],
  ])('%s', (_name, input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it.each([
    ['transaction timestamp', '2026-11-23T14:21:20.000Z'],
    ['date', '23/11/2026'],
    ['amount text', '1.234,56'],
    ['amount in centavos', '123456'],
    ['pix txid', 'E12345678202611231421abcdefghijk'],
    ['guest channel', 'private-universal.guest-abc123xyz'],
    ['user channel', 'private-universal.42'],
    ['version', '5.33.3'],
    ['an i18n id', 'error_messages.unexpected'],
    [
      'a BR Code',
      '00020101021226850014br.gov.bcb.pix2563qrcodepix.example.com/v2/cobv/9d36b84f5204000053039865406100.005802BR5913CASINO LTDA6009SAO PAULO62070503***63041D3D',
    ],
  ])('leaves %s alone', (_name, input) => {
    expect(redactText(input)).toBe(input);
  });
});

describe('redact: values, with the key as extra signal', () => {
  it('redacts a realistic user payload, keeping what is not personal', () => {
    const user = {
      id: 42,
      first_name: 'Ana',
      last_name: 'Souza',
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      username: '+5511912345678',
      phone: '+5511912345678',
      birth_date: '1990-05-17',
      level: 3,
      email_verified: true,
      has_cpf: true,
      referral_code: 'ANA42',
      created_at: '2026-11-23T14:21:20.000Z',
      wallet: { balance: 12_345, deposit_count: 2, currency: 'BRL' },
    };
    expect(redact(user)).toEqual({
      ...user,
      first_name: REDACTED,
      last_name: REDACTED,
      name: REDACTED,
      email: REDACTED,
      username: REDACTED,
      phone: REDACTED,
      birth_date: REDACTED,
    });
  });

  it('redacts what is typed so far under personal keys, and secrets under secret keys', () => {
    expect(
      redact({
        keyText: '123.456',
        pixKey: 'ana@',
        cpf: '123',
        dob: '17/05/1990',
        birthDate: new Date('1990-05-17T00:00:00Z'),
        password: 'Senha@123',
        password_confirmation: 'Senha@123',
        pin: 1234,
        token: 'opaque-token-value',
        accessToken: 'x',
        idToken: 'y',
        captcha_token: 'z',
        headers: { Authorization: 'Token abc' },
        credentials: { token: { access: 'a', refresh: 'b' } },
      }),
    ).toEqual({
      keyText: REDACTED,
      pixKey: REDACTED,
      cpf: REDACTED,
      dob: REDACTED,
      birthDate: REDACTED,
      password: REDACTED,
      password_confirmation: REDACTED,
      pin: REDACTED,
      token: REDACTED,
      accessToken: REDACTED,
      idToken: REDACTED,
      captcha_token: REDACTED,
      headers: { Authorization: REDACTED },
      credentials: { token: { access: REDACTED, refresh: REDACTED } },
    });
  });

  it('never redacts booleans, empty values, other dates or names that only look like secrets', () => {
    const input = {
      login_requires_cpf: true,
      hasToken: false,
      has_cpf: true,
      phone_verified: false,
      password: '',
      token: null,
      created_at: '2026-11-23T14:21:20.000Z',
      expiresAt: '2026-11-23T14:26:20.000Z',
      endAt: '23/11/2027',
      txid: 'E12345678202611231421abcdefghijk',
      amount: 12_345,
      userId: 42,
      name: 'Pragmatic Play',
      fields: { email: ['O e-mail já está em uso.'] },
    };
    expect(redact(input)).toEqual(input);
  });

  it('redacts documents: files, blobs, data: and blob: URLs', () => {
    const out = redact({
      front: new Blob(['%PDF']),
      scan: 'data:image/png;base64,iVBORw0KGgo=',
      preview: 'blob:http://localhost/1234',
      bytes: new Uint8Array([1, 2]),
    });
    expect(out).toEqual({ front: REDACTED, scan: REDACTED, preview: REDACTED, bytes: REDACTED });
  });

  it('redacts keys that are personal data (a map by e-mail)', () => {
    expect(redact({ 'ana@example.com': 1, 'bia@example.com': 2 })).toEqual({ [REDACTED]: 1, [`${REDACTED} #2`]: 2 });
  });

  it('redacts inside JSON strings', () => {
    const body = JSON.stringify({ email: 'ana@example.com', message: 'ok' });
    const out = redact({ body }) as { body: string };
    expect(JSON.parse(out.body)).toEqual({ email: REDACTED, message: 'ok' });
  });

  it('does not mutate its input and is idempotent', () => {
    const input = { token: 'abc', a: { cpf: '1', note: 'CPF 123.456.789-09' } };
    const once = redact(input);
    expect(input).toEqual({ token: 'abc', a: { cpf: '1', note: 'CPF 123.456.789-09' } });
    expect(redact(once)).toEqual(once);
  });

  it('returns plain JSON for awkward values', () => {
    const cyclic: Record<string, unknown> = { label: 'x' };
    cyclic.self = cyclic;
    const error = Object.assign(new Error('boom for ana@example.com'), { status: 422 });
    const out = redact({
      big: 10n,
      map: new Map<string, unknown>([
        ['password', 'p'],
        ['ok', 1],
      ]),
      set: new Set([1, 2]),
      date: new Date('2026-01-02T03:04:05Z'),
      error,
      fn: () => 1,
      cyclic,
      nan: Number.NaN,
      ref: { toJSON: () => ({ xstate$$type: 1, id: 'child' }) },
    });
    expect(out).toEqual({
      big: '10',
      map: { password: REDACTED, ok: 1 },
      set: [1, 2],
      date: '2026-01-02T03:04:05.000Z',
      error: { name: 'Error', message: `boom for ${REDACTED}`, status: 422 },
      cyclic: { label: 'x', self: '[circular]' },
      nan: 'NaN',
      ref: { xstate$$type: 1, id: 'child' },
    });
    expect(() => JSON.stringify(out)).not.toThrow();
  });

  it('cuts very deep data', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 30; i += 1) deep = { deep };
    expect(JSON.stringify(redact(deep))).toContain('[deep]');
  });
});

describe('names always pass', () => {
  it('keeps event types and actor ids, judging the payload by value and by the event type', () => {
    expect(redactEvent({ type: 'withdrawal.keyChanged', text: '123.456' })).toEqual({
      type: 'withdrawal.keyChanged',
      text: REDACTED,
    });
    expect(redactEvent({ type: 'pix.amountChanged', text: '50,00' })).toEqual({
      type: 'pix.amountChanged',
      text: '50,00',
    });
    expect(redactEvent({ type: 'session.forgetToken.password' })).toEqual({ type: 'session.forgetToken.password' });
    expect(
      redactEvent({
        type: 'xstate.done.actor.signIn',
        actorId: 'signIn',
        output: { user: { email: 'ana@example.com' }, token: 't' },
      }),
    ).toEqual({
      type: 'xstate.done.actor.signIn',
      actorId: 'signIn',
      output: { user: { email: REDACTED }, token: REDACTED },
    });
  });

  it('keeps state values, tags, children and history of a snapshot; redacts its data', () => {
    const snapshot = {
      status: 'active',
      value: { modal: { open: { recovery: 'password' } }, ageGate: 'verified' },
      tags: ['token'],
      children: { hasStoredToken: { xstate$$type: 1, id: 'hasStoredToken' } },
      historyValue: { 'm.password': [{ id: 'm.password.cpf' }] },
      context: { keyText: '123.456.789-09', login_requires_cpf: true },
      input: { key: '123.456.789-09' },
      output: null,
      error: null,
    };
    expect(redactSnapshot(snapshot)).toEqual({
      ...snapshot,
      historyValue: { 'm.password': ['m.password.cpf'] },
      context: { keyText: REDACTED, login_requires_cpf: true },
      input: { key: REDACTED },
    });
  });

  it('passes the envelope and the definition of an inspection message untouched', () => {
    const definition = JSON.stringify({
      id: 'session',
      states: { password: { entry: [{ type: 'forgetToken' }] }, start: { always: { guard: 'hasStoredToken' } } },
      context: { token: 'static', email: 'static@example.com' },
    });
    const message = {
      type: '@xstate.actor',
      name: 'password',
      sessionId: 'x:1',
      rootId: 'x:0',
      parentId: 'x:0',
      id: null,
      createdAt: '1795000000000',
      _version: '0.7.2',
      definition,
      snapshot: { status: 'active', value: 'password', context: { email: 'ana@example.com' } },
    };
    const out = redactInspectionEvent(message) as typeof message;
    expect(out).toEqual({ ...message, snapshot: { ...message.snapshot, context: { email: REDACTED } } });
    expect(out.definition).toBe(definition);
  });

  it('sends a live machine snapshot as its JSON, never with its machine', () => {
    const live = {
      status: 'active',
      value: 'idle',
      context: { email: 'ana@example.com' },
      machine: { config: { huge: true } },
      _nodes: [{ id: 'x' }],
      toJSON() {
        return { status: this.status, value: this.value, context: this.context };
      },
    };
    expect(redactSnapshot(live)).toEqual({ status: 'active', value: 'idle', context: { email: REDACTED } });
  });
});

describe('freeText (QA recordings): text people write and file names', () => {
  const message = { id: 7, text: 'olá, sou o Pedro', user: { id: 99 }, fileName: 'rg-frente.jpg', status: 'sent' };

  it('passes by default (the inspector: only personal data recognised by value)', () => {
    expect(redact(message)).toEqual(message);
  });

  it('is redacted when asked, in events, snapshots and JSON strings; names and other fields pass', () => {
    const out = { ...message, text: REDACTED, fileName: REDACTED };
    expect(redact(message, { freeText: true })).toEqual(out);
    expect(redactEvent({ type: 'chat.draftChanged', text: 'meu rascunho' }, { freeText: true })).toEqual({
      type: 'chat.draftChanged',
      text: REDACTED,
    });
    expect(redactSnapshot({ value: 'text', status: 'active', context: { draft: 'x y' } }, { freeText: true })).toEqual({
      value: 'text',
      status: 'active',
      context: { draft: REDACTED },
    });
    expect(redact({ raw: JSON.stringify(message) }, { freeText: true })).toEqual({ raw: JSON.stringify(out) });
  });

  it('keeps a typed amount under a free-text key (a replay needs it), still judging it by value', () => {
    for (const text of ['50', '1.234,56', 'R$ 50,00', ' 20 ', '']) {
      expect(redactEvent({ type: 'pix.amountChanged', text }, { freeText: true })).toEqual({
        type: 'pix.amountChanged',
        text,
      });
    }
    // A CPF or phone typed into an amount field is personal data all the same; words are free text.
    for (const text of ['123.456.789-09', '12345678909', '11 91234-5678', '50 reais', 'R$ 50 para o Pedro']) {
      expect(redactEvent({ type: 'pix.amountChanged', text }, { freeText: true })).toEqual({
        type: 'pix.amountChanged',
        text: REDACTED,
      });
    }
  });
});

describe('second factor (Portaria SPA/MF 722/2024): nothing of it reaches the inspector or a QA recording', () => {
  it("the enrolment's secret, its otpauth URI and the recovery codes are redacted; the challenge's events carry no code", () => {
    const context = {
      enrolledAtStart: false,
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Sorte%20Verde:ana?secret=JBSWY3DPEHPK3PXP',
      recoveryCodes: ['abcd-efgh', 'jkmn-pqrs'],
      failure: null,
      retryAfterS: null,
    };
    const out = JSON.stringify(redactSnapshot({ value: 'showingCodes', context }));
    expect(out).not.toContain('JBSWY3DPEHPK3PXP');
    expect(out).not.toContain('abcd-efgh');
    expect(out).toContain(REDACTED);
    // A code under any second-factor key is redacted too, should one ever be sent.
    const event = JSON.stringify(
      redactEvent({ type: 'secondFactor.submit', otp: '123456', recoveryCode: 'abcd-efgh' }),
    );
    expect(event).not.toContain('123456');
    expect(event).not.toContain('abcd-efgh');
  });
});
