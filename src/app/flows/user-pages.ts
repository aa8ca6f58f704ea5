/**
 * The flows of /user/edit/personal-data and /user/edit/history-casino with their real calls, a chunk of
 * their own fetched with the page. The CPF arrives masked from the platform and stays so.
 */
import { fromPromise, type AnyActorLogic } from 'xstate';
import type { UserFlowKind } from '../../../machines/app/app.machine';
import { betsHistoryMachine } from '../../../machines/bets-history/bets-history.machine';
import type { BetsPage } from '../../../machines/bets-history/bets-history.types';
import { personalDataMachine } from '../../../machines/personal-data/personal-data.machine';
import type { PersonalData, PersonalDataInput } from '../../../machines/personal-data/personal-data.types';
import { ADDRESS_FIELDS, type Address } from '../../../shared/personal-data';
import type { Schema } from '../../../shared/api/types';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';

function personalDataOf(data: Schema<'PersonalData'>): PersonalData {
  return {
    firstName: data.first_name,
    lastName: data.last_name,
    birthDate: data.birth_date,
    // Only the masked form is ever kept (the platform sends nothing else; anything unlike the mask is dropped).
    cpfMasked: data.cpf && /^\*{3}\.\d{3}\.\d{3}-\*{2}$/.test(data.cpf) ? data.cpf : null,
    address: data.address
      ? (Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, data.address?.[f] ?? ''])) as Address)
      : null,
    verified: data.verified,
  };
}

export function createPersonalDataLogic(api: ApiClient) {
  const load = async (signal?: AbortSignal) =>
    personalDataOf((await unwrap(api.GET('/profile/personal-data', { signal }))).data);
  return personalDataMachine.provide({
    actors: {
      loadPersonalData: fromPromise<PersonalData>(({ signal }) => load(signal)),
      savePersonalData: fromPromise<PersonalData, PersonalDataInput>(async ({ input }) => {
        await unwrap(
          api.POST('/auth/update', {
            body: {
              first_name: input.first_name.trim(),
              last_name: input.last_name.trim(),
              birth_date: input.birth_date,
              address: input.address,
            },
          }),
        );
        return load();
      }),
    },
  });
}

export function createBetsHistoryLogic(api: ApiClient) {
  return betsHistoryMachine.provide({
    actors: {
      loadBets: fromPromise<BetsPage, { page: number }>(async ({ input, signal }) => {
        const page = await unwrap(api.GET('/wallet/bets', { params: { query: { page: input.page } }, signal }));
        return {
          rows: page.data.map((b) => ({
            id: b.id,
            game: b.game_title,
            kind: b.kind,
            settled: b.settled,
            bet: b.bet_amount,
            win: b.win_amount,
            createdAt: b.created_at,
          })),
          page: page.current_page,
          lastPage: page.last_page,
          total: page.total,
        };
      }),
    },
  });
}

export function createUserFlow(kind: UserFlowKind, api: ApiClient): AnyActorLogic {
  return kind === 'bets' ? createBetsHistoryLogic(api) : createPersonalDataLogic(api);
}
