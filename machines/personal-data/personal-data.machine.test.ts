import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectPersonalData } from './personal-data.connect';
import { personalDataMachine } from './personal-data.machine';
import type { PersonalData, PersonalDataInput } from './personal-data.types';

const settle = () => new Promise((r) => setTimeout(r, 0));
const NOW = Date.parse('2026-11-26T15:00:00Z');

const DATA: PersonalData = {
  firstName: 'Ana',
  lastName: 'Souza',
  birthDate: '1990-05-14',
  cpfMasked: '***.456.789-**',
  address: null,
  verified: false,
};
const FORM: PersonalDataInput = {
  first_name: 'Ana',
  last_name: 'Souza',
  birth_date: '1990-05-14',
  address: {
    postal_code: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: '',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
};
const callError = (status: number) =>
  Object.assign(new Error(`HTTP ${status}`), { status, messages: [{ text: `recusado ${status}` }], fields: {} });

function start(
  options: {
    load?: () => Promise<PersonalData>;
    save?: (input: PersonalDataInput) => Promise<PersonalData>;
  } = {},
) {
  const sent: PersonalDataInput[] = [];
  const machine = personalDataMachine.provide({
    actors: {
      loadPersonalData: fromPromise(options.load ?? (async () => DATA)),
      savePersonalData: fromPromise(async ({ input }: { input: PersonalDataInput }) => {
        sent.push(input);
        return (options.save ?? (async (i) => ({ ...DATA, address: { ...i.address, postal_code: '01310100' } })))(
          input,
        );
      }),
    },
  });
  const { actor } = createTestActor(machine, { input: { now: () => NOW } });
  return { actor, sent, view: () => connectPersonalData(actor.getSnapshot()) };
}

describe('personal data machine', () => {
  it('loads the data with the CPF masked; a failed load shows §8 and retries', async () => {
    let calls = 0;
    const { actor, view } = start({
      load: async () => {
        calls += 1;
        if (calls === 1) throw callError(503);
        return DATA;
      },
    });
    expect(view().status).toBe('loading');
    await settle();
    expect(view()).toMatchObject({ status: 'failed', failure: { status: 503 } });
    actor.send({ type: 'personal.retry' });
    await settle();
    expect(view()).toMatchObject({
      status: 'ready',
      editable: true,
      cpfMasked: '***.456.789-**',
      values: { first_name: 'Ana', birth_date: '1990-05-14', address: { postal_code: '', state: '' } },
    });
  });

  it('saves a valid form, shows the stored data and says so; dismiss clears the notice', async () => {
    const { actor, sent, view } = start();
    await settle();
    actor.send({ type: 'personal.save', input: FORM });
    expect(view()).toMatchObject({ busy: true, values: FORM });
    await settle();
    expect(sent).toEqual([FORM]);
    expect(view()).toMatchObject({
      busy: false,
      notice: { id: 'profile.personal.saved' },
      values: { address: { postal_code: '01310-100', city: 'São Paulo' } },
    });
    actor.send({ type: 'personal.dismiss' });
    expect(view().notice).toBeNull();
  });

  it('shows each problem on its field in the catalogue and sends nothing', async () => {
    const { actor, sent, view } = start();
    await settle();
    actor.send({
      type: 'personal.save',
      input: {
        ...FORM,
        first_name: ' ',
        birth_date: '2015-01-01',
        address: { ...FORM.address, postal_code: '123', state: 'XX', city: '' },
      },
    });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(sent).toEqual([]);
    expect(view().problems).toEqual({
      first_name: 'profile.personal.problem.required',
      birth_date: 'profile.personal.problem.underage',
      postal_code: 'profile.personal.problem.postalCode',
      state: 'profile.personal.problem.state',
      city: 'profile.personal.problem.required',
    });
    expect(view().values?.address.postal_code).toBe('123');
    actor.send({ type: 'personal.save', input: { ...FORM, birth_date: '2030-02-30' } });
    expect(view().problems).toEqual({ birth_date: 'profile.personal.problem.date' });
    actor.send({ type: 'personal.save', input: { ...FORM, birth_date: '2030-02-28' } });
    expect(view().problems).toEqual({ birth_date: 'profile.personal.problem.future' });
  });

  it('a verified player sees it read-only; a save is refused at once and nothing is sent', async () => {
    const { actor, sent, view } = start({ load: async () => ({ ...DATA, verified: true }) });
    await settle();
    expect(view().editable).toBe(false);
    actor.send({ type: 'personal.save', input: FORM });
    expect(sent).toEqual([]);
    expect(view()).toMatchObject({
      status: 'ready',
      notice: null,
      failure: { status: 409, messages: [{ id: 'profile.personal.locked' }] },
    });
  });

  it('a 409 (verified meanwhile) turns the data read-only', async () => {
    const { actor, view } = start({
      save: async () => {
        throw callError(409);
      },
    });
    await settle();
    actor.send({ type: 'personal.save', input: FORM });
    await settle();
    expect(view()).toMatchObject({
      editable: false,
      failure: { status: 409, messages: [{ id: 'profile.personal.locked' }] },
    });
  });

  it("another refusal keeps the form as sent and shows the platform's message", async () => {
    const { actor, view } = start({
      save: async () => {
        throw callError(422);
      },
    });
    await settle();
    actor.send({ type: 'personal.save', input: FORM });
    await settle();
    expect(view()).toMatchObject({
      editable: true,
      values: FORM,
      failure: { status: 422, messages: [{ text: 'recusado 422' }] },
    });
    actor.send({ type: 'personal.dismiss' });
    expect(view().failure).toBeNull();
  });

  it('the default actors fail loudly when not provided, and the clock defaults to the real one', async () => {
    const { actor } = createTestActor(personalDataMachine);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.now()).toBeGreaterThan(NOW - 365 * 86_400_000);
  });
});
