import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../../machines/registry';
import { isStateMachine, machineSignature } from './machine-signature';

const make = (paidTarget: 'paid' | 'failed', extraState = false) =>
  setup({ guards: { ok: () => true }, actions: { note: () => {} } }).createMachine({
    id: 'm',
    initial: 'a',
    states: {
      a: { on: { GO: { target: paidTarget, guard: 'ok', actions: 'note' } } },
      paid: {},
      failed: {},
      ...(extraState ? { extra: {} } : {}),
    },
  });

describe('machineSignature', () => {
  it('is stable for one definition and ignores implementations', () => {
    expect(machineSignature(make('paid'))).toMatch(/^[0-9a-f]{8}$/);
    expect(machineSignature(make('paid'))).toBe(machineSignature(make('paid')));
    expect(machineSignature(make('paid').provide({ guards: { ok: () => false } }))).toBe(
      machineSignature(make('paid')),
    );
  });

  it('changes with a target or a state', () => {
    expect(machineSignature(make('failed'))).not.toBe(machineSignature(make('paid')));
    expect(machineSignature(make('paid', true))).not.toBe(machineSignature(make('paid')));
  });

  it('reads every machine of the app, and tells machines from other logic', () => {
    const signatures = machineRegistry.map(({ machine }) => machineSignature(machine));
    expect(signatures.every((s) => /^[0-9a-f]{8}$/.test(s))).toBe(true);
    expect(new Set(signatures).size).toBe(signatures.length);
    expect(isStateMachine(make('paid'))).toBe(true);
    expect(isStateMachine({ transition: () => null })).toBe(false);
    expect(isStateMachine(null)).toBe(false);
  });
});
