/**
 * The login modal's flow with its real actors (a chunk of its own, fetched when the modal must first open;
 * the root spawns it under systemId `loginModal`): the recovery calls, and the registration machine with its geo
 * lookup and server CPF check. The form values come from the one-shot drop, never from an event.
 */
import { fromPromise } from 'xstate';
import { loginModalMachine } from '../../machines/login-modal/login-modal.machine';
import type { RecoveryCodeInput, RecoveryEmailInput } from '../../machines/login-modal/login-modal.types';
import { registrationMachine } from '../../machines/registration/registration.machine';
import type { CpfCheckOutput, GeoResult } from '../../machines/registration/registration.types';
import type { ApiClient } from '../lib/api/client';
import { ApiError } from '../lib/api/errors';
import { unwrap } from '../lib/api/unwrap';
import type { SecretDrop } from '../lib/secret-drop';
import { storageKeys, type KeyValueStorage } from '../lib/storage';
import { missing } from './session';

export function createLoginModalLogic(options: {
  api: ApiClient;
  storage: KeyValueStorage;
  drop: SecretDrop;
}): typeof loginModalMachine {
  const { api, storage, drop } = options;
  // Recovery: the e-mail and code are the login modal's context (the actors' input); the new password comes from
  // the drop.
  const requestRecoveryCode = fromPromise<void, RecoveryEmailInput>(async ({ input }) => {
    await unwrap(api.POST('/auth/recover-password', { body: { email: input.email } }));
  });
  const verifyRecoveryCode = fromPromise<void, RecoveryCodeInput>(async ({ input }) => {
    await unwrap(api.POST('/auth/verify-code', { body: { email: input.email, code: input.code } }));
  });
  const resetPassword = fromPromise<void, RecoveryCodeInput>(async ({ input }) => {
    const values = drop.take('recovery');
    if (!values) throw missing();
    const { password, password_confirmation } = values;
    await unwrap(
      api.POST('/auth/reset-password', {
        body: { email: input.email, code: input.code, password, password_confirmation },
      }),
    );
  });
  // Registration: GET /geoip (stored as userCountryCode / userCallingCode; the machine falls back to BR / 55 when
  // it fails, §7) and POST /validate/validate-cpf for the CPF the form put in the drop (cancelled by the machine
  // when the CPF changes: the signal aborts the call).
  const geo = fromPromise<GeoResult>(async ({ signal }) => {
    const countryCode = storage.get(storageKeys.userCountryCode);
    const callingCode = storage.get(storageKeys.userCallingCode);
    if (countryCode && callingCode) return { countryCode, callingCode };
    const body = await unwrap(api.GET('/geoip', { signal }));
    storage.set(storageKeys.userCountryCode, body.countryCode);
    storage.set(storageKeys.userCallingCode, body.callingCode);
    return { countryCode: body.countryCode, callingCode: body.callingCode };
  });
  const checkCpf = fromPromise<CpfCheckOutput>(async ({ signal }) => {
    const values = drop.take('cpf');
    if (!values) throw missing();
    try {
      await unwrap(api.POST('/validate/validate-cpf', { body: { cpf: values.cpf }, signal }));
      return { result: 'valid' };
    } catch (error) {
      // 409: already used on this brand; 400/422: refused by the server's rules. Anything else: check not made.
      if (error instanceof ApiError && error.status === 409) return { result: 'taken' };
      if (error instanceof ApiError && (error.status === 422 || error.status === 400)) return { result: 'invalid' };
      throw error;
    }
  });
  return loginModalMachine.provide({
    actors: {
      requestRecoveryCode,
      verifyRecoveryCode,
      resetPassword,
      registration: registrationMachine.provide({ actors: { geo, checkCpf } }),
    },
  });
}
