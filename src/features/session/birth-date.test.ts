import { describe, expect, it } from 'vitest';
import { birthDateMessage, M, registerSchema } from './schemas';

const DMY = ['day', 'month', 'year'] as const;
const MDY = ['month', 'day', 'year'] as const;
const today = new Date(2026, 4, 17); // 17 May 2026, local time

describe('§5 registration: 18 or over, from the birth date as typed', () => {
  it('accepts a player who turns 18 today, refuses one who turns 18 tomorrow', () => {
    expect(birthDateMessage('17/05/2008', DMY, today)).toBeNull();
    expect(birthDateMessage('18/05/2008', DMY, today)).toBe(M.underage);
    expect(birthDateMessage('05/17/2008', MDY, today)).toBeNull();
    expect(birthDateMessage('05/18/2008', MDY, today)).toBe(M.underage);
  });

  it('asks for the date when empty and refuses incomplete, impossible, future or implausible dates', () => {
    expect(birthDateMessage('', DMY, today)).toBe(M.required);
    expect(birthDateMessage('17/05', DMY, today)).toBe(M.birthDate);
    expect(birthDateMessage('31/02/1990', DMY, today)).toBe(M.birthDate);
    expect(birthDateMessage('18/05/2026', DMY, today)).toBe(M.birthDate);
    expect(birthDateMessage('01/01/2030', DMY, today)).toBe(M.birthDate);
    expect(birthDateMessage('01/01/1899', DMY, today)).toBe(M.birthDate);
    expect(birthDateMessage('17/05/2026', DMY, today)).toBe(M.underage);
  });

  it('hands the date on as YYYY-MM-DD, whatever the order it was typed in', () => {
    const base = {
      name: 'Ana Souza',
      email: 'ana@ex.com',
      phone: '',
      cpf: '',
      password: 'Senha@123',
      password_confirmation: 'Senha@123',
      terms: true,
      captcha_token: 't',
      referral_code: '',
    };
    const pt = registerSchema({
      cpf: false,
      phone: false,
      callingCode: '55',
      dateOrder: DMY,
      today: () => today,
    }).safeParse({ ...base, birth_date: '02/01/1990' });
    expect(pt.success && pt.data.birth_date).toBe('1990-01-02');
    const en = registerSchema({
      cpf: false,
      phone: false,
      callingCode: '55',
      dateOrder: MDY,
      today: () => today,
    }).safeParse({ ...base, birth_date: '01/02/1990' });
    expect(en.success && en.data.birth_date).toBe('1990-01-02');
    const minor = registerSchema({
      cpf: false,
      phone: false,
      callingCode: '55',
      dateOrder: DMY,
      today: () => today,
    }).safeParse({ ...base, birth_date: '01/01/2010' });
    expect(minor.success).toBe(false);
    expect(minor.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['birth_date', M.underage]]);
  });
});
