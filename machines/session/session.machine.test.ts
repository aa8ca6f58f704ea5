import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { channelMachine } from '../realtime/channel.machine';
import type { ChannelInput, SubscriptionReport } from '../realtime/channel.types';
import { controllableCallback, pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectSession } from './session.connect';
import { PLAY_TIME_OVER_ID, SESSION_CHECK_RETRY_MS, sessionMachine, USER_CHANNEL_DELAY_MS } from './session.machine';
import type {
  NotificationList,
  RankingLevel,
  RecentGame,
  SelfExclusion,
  SessionEmitted,
  SessionInput,
  SessionUser,
  SignedInOutput,
  Wallet,
} from './session.types';

export const userFixture = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 7,
  first_name: 'Ana',
  last_name: 'Souza',
  name: 'Ana Souza',
  email: 'ana@sorteverde.test',
  username: '+5511912345678',
  phone: '+5511912345678',
  birth_date: '1990-01-01',
  level: 3,
  totalBet: 0,
  avatar: null,
  language: 'pt',
  user_likes: [],
  vip: { level: 1, points: 0 },
  wallet: { balance: 25000, bonus_balance: 0, deposit_count: 3, currency: 'BRL' },
  email_verified: true,
  phone_verified: false,
  has_cpf: true,
  referral_code: 'ANA1',
  created_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

const wallet: Wallet = { balance: 25000, bonus_balance: 0, deposit_count: 3, currency: 'BRL' };
const games = [{ game_id: 1, title: 'Fortune Tiger' }] as unknown as RecentGame[];
const ranking: RankingLevel[] = [{ level: 1, name: 'Bronze', totalBet: 0 }] as RankingLevel[];
const notifications = { user_notifications: {}, global_notifications: {} } as unknown as NotificationList;
const apiError = (status: number, body?: unknown) => ({
  status,
  shown: status !== 403,
  messages: [{ text: `falhou ${status}` }],
  fields: status === 422 ? { email: ['Credenciais inválidas.'] } : {},
  body,
});
const selfExcludedError = apiError(403, {
  message: 'Autoexcluído',
  selfExcluded: true,
  start_at: '2026-01-01T12:00:00.000Z',
  end_at: '2026-07-01T12:00:00.000Z',
});
/** An indefinite exclusion refused at sign-in: it says when it may end (the removal token stays with the app). */
const indefiniteError = apiError(403, {
  message: 'Autoexcluído',
  selfExcluded: true,
  start_at: '2026-01-01T12:00:00.000Z',
  end_at: null,
  removable_at: '2026-01-31T12:00:00.000Z',
});
const flush = () => new Promise((r) => setTimeout(r, 0));

type Fakes = Partial<Record<'checkSession' | 'signIn' | 'register' | 'googleSignIn', () => Promise<SignedInOutput>>> & {
  /** The second factor's challenge: resolves with the player (Portaria SPA/MF 722/2024). */
  secondFactor?: () => Promise<{ user: SessionUser }>;
  /** The regulated profile's form: resolves with the saved player (Portaria SPA/MF 2.579/2025). */
  regulatedProfile?: () => Promise<{ user: SessionUser }>;
  signOut?: () => Promise<void>;
  endSelfExclusion?: () => Promise<void>;
  wallet?: () => Promise<Wallet>;
  recentGames?: () => Promise<RecentGame[]>;
  ranking?: () => Promise<RankingLevel[]>;
  notifications?: () => Promise<NotificationList>;
};

/**
 * The machine with controllable fakes. `stored.token` stands for the `auth` storage key (the sign-in fakes store
 * it, like the real actors; `forgetToken` removes it). The live connection is modelled too: it has the identity
 * that was stored when it was last (re-)created, and every channel is asked for with it (`asked`), on joining and
 * again when the connection is re-created, as the pusher-js adapter does.
 */
function build(fakes: Fakes = {}, initiallyStored = false) {
  const stored = { token: initiallyStored };
  const tokenCommands: string[] = [];
  const channels: string[] = [];
  const active = new Set<string>();
  const connection = { identity: initiallyStored ? 'player' : 'guest' };
  const asked: Array<{ channel: string; identity: string }> = [];
  /** What the pusher-js adapter would report on each joined channel (`channel.subscribed`, `channel.received`…). */
  const reportOn = new Map<string, (report: SubscriptionReport) => void>();
  const subscription = fromCallback<{ type: string }, ChannelInput>(({ input, sendBack }) => {
    reportOn.set(input.channel, sendBack);
    channels.push(input.channel);
    active.add(input.channel);
    asked.push({ channel: input.channel, identity: connection.identity });
    return () => active.delete(input.channel);
  });
  const recreateConnection = () => {
    connection.identity = stored.token ? 'player' : 'guest';
    for (const channel of active) asked.push({ channel, identity: connection.identity });
  };
  const liveChannel = channelMachine.provide({ actors: { subscription } });
  const never = () => new Promise<never>(() => {});
  const storing = (fake: (() => Promise<SignedInOutput>) | undefined) =>
    fromPromise(async () => {
      const output = await (fake ?? never)();
      stored.token = true;
      return output;
    });
  const machine = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(fakes.checkSession ?? never),
      signIn: storing(fakes.signIn),
      register: storing(fakes.register),
      googleSignIn: storing(fakes.googleSignIn),
      signOut: fromPromise(fakes.signOut ?? (async () => undefined)),
      endSelfExclusion: fromPromise(fakes.endSelfExclusion ?? never),
      fetchWallet: fromPromise(fakes.wallet ?? (async () => wallet)),
      fetchRecentGames: fromPromise<RecentGame[], { page: number }>(async ({ input }) =>
        fakes.recentGames ? fakes.recentGames() : input.page === 1 ? games : [],
      ),
      fetchRanking: fromPromise(fakes.ranking ?? (async () => ranking)),
      fetchNotifications: fromPromise(fakes.notifications ?? (async () => notifications)),
      guestChannel: liveChannel,
      userChannel: liveChannel,
      secondFactorChallenge: storing(fakes.secondFactor as (() => Promise<SignedInOutput>) | undefined) as never,
      regulatedProfile: fromPromise(fakes.regulatedProfile ?? never) as never,
    },
    actions: {
      forgetToken: () => {
        stored.token = false;
        tokenCommands.push('token.forget');
      },
    },
  });
  return { machine, stored, tokenCommands, channels, active, asked, recreateConnection, reportOn };
}

function start(input: SessionInput, fakes: Fakes = {}) {
  const built = build(fakes, input.hasToken);
  const emitted: string[] = [];
  const { actor, clock } = createTestActor(built.machine, { input });
  actor.on('*', (e: SessionEmitted) => emitted.push(e.type));
  actor.on('connection.credentialsChanged', built.recreateConnection);
  return { ...built, actor, clock, emitted };
}

/** Which identity may join a channel (the platform's policy, spec §6/§7): its owner only. */
const owner = (channel: string) => (channel === 'private-universal.guest-abc123xyz' ? 'guest' : 'player');

const guestInput: SessionInput = { hasToken: false, guestId: 'guest-abc123xyz' };
const tokenInput: SessionInput = { hasToken: true, guestId: 'guest-abc123xyz' };

describe('session machine: generated paths', () => {
  const liveChannel = channelMachine.provide({ actors: { subscription: controllableCallback().logic as never } });
  const machine = sessionMachine.provide({
    actors: {
      checkSession: pending(),
      signIn: pending(),
      register: pending(),
      googleSignIn: pending(),
      signOut: pending(),
      endSelfExclusion: pending(),
      fetchWallet: pending(),
      fetchRecentGames: pending(),
      fetchRanking: pending(),
      fetchNotifications: pending(),
      guestChannel: liveChannel,
      userChannel: liveChannel,
      secondFactorChallenge: pending(),
      regulatedProfile: pending(),
    } as never,
    actions: { forgetToken: () => {} },
  });
  const done = (id: string, output: unknown = { user: userFixture() }) =>
    ({ type: `xstate.done.actor.${id}`, output }) as never;
  const error = (id: string, err: unknown) => ({ type: `xstate.error.actor.${id}`, error: err }) as never;
  const events = [
    { type: 'session.login' },
    { type: 'session.register' },
    { type: 'session.google' },
    { type: 'session.logout' },
    { type: 'session.dismissSelfExclusion' },
    { type: 'session.clearFailure' },
    { type: 'realtime.balanceUpdated', channel: 'private-universal.7', data: { balance: 100 } },
    { type: 'realtime.paymentApproved', channel: 'private-universal.7', data: { balance: 200, amount: 100 } },
    done('checkSession'),
    error('checkSession', apiError(401)),
    error('checkSession', apiError(0)),
    done('signIn'),
    done('signIn', { secondFactor: true }),
    done('secondFactorChallenge'),
    { type: 'session.cancelSecondFactor' },
    done('checkSession', { user: userFixture({ regulated_profile_done: false }) }),
    done('regulatedProfile'),
    error('signIn', selfExcludedError),
    error('signIn', indefiniteError),
    error('signIn', apiError(422)),
    { type: 'session.endSelfExclusion' },
    done('endSelfExclusion', undefined),
    error('endSelfExclusion', apiError(403)),
    done('register'),
    error('register', apiError(409)),
    done('googleSignIn'),
    error('googleSignIn', selfExcludedError),
    error('googleSignIn', apiError(422)),
    done('signOut', undefined),
    error('signOut', apiError(0)),
    done('fetchWallet', wallet),
    error('fetchWallet', apiError(0)),
    error('fetchWallet', selfExcludedError),
    done('fetchRecentGames', games),
    error('fetchRecentGames', apiError(0)),
    done('fetchRanking', ranking),
    error('fetchRanking', apiError(0)),
    done('fetchNotifications', notifications),
    error('fetchNotifications', apiError(0)),
    { type: 'session.selfExclusionFound', startAt: '2026-01-01', endAt: null },
    { type: 'session.expired' },
    {
      type: 'realtime.selfExclusionStarted',
      channel: 'private-universal.7',
      data: { start_at: '2026-01-01', end_at: null },
    },
  ] as never[];

  it('reaches every state (every region of signed in, the transient excluded and signedOut) from a guest start or a stored token, and no path fails', () => {
    const result = reachability(machine, {
      inputs: [guestInput, tokenInput],
      events,
      // An indefinite exclusion (one that says when it may end) is another state than a fixed one.
      serializeState: (s) => JSON.stringify([s.value, s.context.selfExclusionRemovableAt !== null]),
    });
    expect(result.unreached).toEqual([]);
    expect(result.reached).toEqual(
      expect.arrayContaining(['start', 'checkFailed', 'excluded', 'expired', 'guest.selfExcluded', 'signedOut']),
    );
    expect(result.failedPaths).toEqual([]);
  });
});

describe('session machine: stories', () => {
  it('Portaria SPA/MF 722/2024: a password answered with a second-factor ticket signs in only once the challenge ends; cancel goes back', async () => {
    let finish: (value: { user: SessionUser }) => void = () => {};
    const { actor, stored } = start(guestInput, {
      signIn: async () => ({ secondFactor: true }),
      googleSignIn: async () => ({ secondFactor: true }),
      secondFactor: () => new Promise((resolve) => (finish = resolve)),
    });
    actor.send({ type: 'session.login' });
    await flush();
    expect(actor.getSnapshot().matches({ guest: 'secondFactor' })).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    actor.send({ type: 'session.cancelSecondFactor' });
    expect(actor.getSnapshot().matches({ guest: 'idle' })).toBe(true);
    actor.send({ type: 'session.google' });
    await flush();
    expect(actor.getSnapshot().matches({ guest: 'secondFactor' })).toBe(true);
    finish({ user: userFixture() });
    await flush();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.user?.email).toBe('ana@sorteverde.test');
    expect(stored.token).toBe(true);
  });

  it('Portaria SPA/MF 2.579/2025: a player without the regulated profile is asked for it; the saved player replaces the shown one', async () => {
    let save: (value: { user: SessionUser }) => void = () => {};
    const { actor } = start(guestInput, {
      signIn: async () => ({ user: userFixture({ regulated_profile_done: false }) }),
      regulatedProfile: () => new Promise((resolve) => (save = resolve)),
    });
    actor.send({ type: 'session.login' });
    await flush();
    expect(actor.getSnapshot().matches({ signedIn: { profile: 'asking' } })).toBe(true);
    save({ user: userFixture({ regulated_profile_done: true }) });
    await flush();
    expect(actor.getSnapshot().matches({ signedIn: { profile: 'complete' } })).toBe(true);
    expect(actor.getSnapshot().context.user?.regulated_profile_done).toBe(true);
  });

  it('a player with the profile (or on a brand that does not ask) is not asked', async () => {
    const { actor } = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    actor.send({ type: 'session.login' });
    await flush();
    expect(actor.getSnapshot().matches({ signedIn: { profile: 'complete' } })).toBe(true);
  });

  it('with no token the player is a guest and joins the guest channel', () => {
    const { actor, channels, active } = start(guestInput);
    expect(connectSession(actor.getSnapshot())).toMatchObject({ status: 'guest', signedIn: false, checkDone: true });
    expect(channels).toEqual(['private-universal.guest-abc123xyz']);
    expect(active.has('private-universal.guest-abc123xyz')).toBe(true);
  });

  it('a stored token is checked with the server; a good one restores the session and joins the user channel', async () => {
    const { actor, channels, emitted } = start(tokenInput, { checkSession: async () => ({ user: userFixture() }) });
    expect(connectSession(actor.getSnapshot()).status).toBe('checking');
    await flush();
    const vm = connectSession(actor.getSnapshot());
    expect(vm).toMatchObject({
      status: 'signedIn',
      user: { id: 7, name: 'Ana Souza' },
      balance: 25000,
      checkDone: true,
    });
    expect(channels).toEqual(['private-universal.7']);
    // The connection already had this token: no re-creation.
    expect(emitted).toEqual(['session.signedIn']);
    const { context } = actor.getSnapshot();
    expect(context.recentGames).toEqual(games);
    expect(context.ranking).toEqual(ranking);
    expect(context.notifications).toEqual(notifications);
  });

  it('a player SIGAP found "Impedido" (IN SPA/MF 31/2025, 22/2025) is signed in with why and until when they may withdraw', async () => {
    const impediment = {
      reason: 'impedido_beneficiario' as const,
      since: '2026-11-26T15:00:00.000Z',
      withdraw_until: '2026-11-28T15:00:00.000Z',
    };
    const { actor } = start(tokenInput, { checkSession: async () => ({ user: userFixture({ impediment }) }) });
    await flush();
    expect(connectSession(actor.getSnapshot())).toMatchObject({
      status: 'signedIn',
      impediment: { reasonId: 'sigap.banner.reason_impedido_beneficiario', withdrawUntil: '2026-11-28T15:00:00.000Z' },
    });
  });

  it('a player without an impediment has none in the view', async () => {
    const { actor } = start(tokenInput, { checkSession: async () => ({ user: userFixture() }) });
    await flush();
    expect(connectSession(actor.getSnapshot()).impediment).toBeNull();
  });

  it.each([401, 403])('a %i on the check forgets the token and falls back to guest', async (status) => {
    const { actor, tokenCommands, emitted, channels } = start(tokenInput, {
      checkSession: async () => {
        throw apiError(status);
      },
    });
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('guest');
    expect(tokenCommands).toEqual(['token.forget']);
    expect(actor.getSnapshot().context.hasToken).toBe(false);
    expect(emitted).toEqual(['connection.credentialsChanged', 'session.signedOut']);
    expect(channels).toEqual(['private-universal.guest-abc123xyz']);
  });

  it('a check without an answer keeps the token and is tried again after 5 s', async () => {
    let calls = 0;
    const { actor, clock, tokenCommands } = start(tokenInput, {
      checkSession: async () => {
        calls += 1;
        if (calls === 1) throw apiError(0);
        return { user: userFixture() };
      },
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('checkFailed');
    expect(tokenCommands).toEqual([]);
    clock.increment(SESSION_CHECK_RETRY_MS);
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('signedIn');
  });

  it('logout while the check cannot reach the server still signs out', async () => {
    const { actor, tokenCommands } = start(tokenInput, {
      checkSession: async () => {
        throw apiError(503);
      },
    });
    await flush();
    actor.send({ type: 'session.logout' });
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('guest');
    expect(tokenCommands).toEqual(['token.forget']);
  });

  it('login: session, wallet/recent/ranking/notifications, then after 1 s the user channel replaces the guest one', async () => {
    const { actor, clock, channels, active, emitted } = start(guestInput, {
      signIn: async () => ({ user: userFixture() }),
    });
    actor.send({ type: 'session.login' });
    expect(connectSession(actor.getSnapshot()).status).toBe('signingIn');
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('signedIn');
    expect(emitted).toEqual(['session.signedIn']);
    expect(actor.getSnapshot().context).toMatchObject({
      wallet,
      recentGames: games,
      ranking,
      notifications,
      hasToken: true,
    });
    // The guest channel is kept for 1 s (the same subscription: it is not asked for again).
    expect(active.has('private-universal.guest-abc123xyz')).toBe(true);
    expect(active.has('private-universal.7')).toBe(false);
    clock.increment(USER_CHANNEL_DELAY_MS - 1);
    expect(active.has('private-universal.7')).toBe(false);
    expect(emitted).toEqual(['session.signedIn']);
    clock.increment(1);
    // Then it is left, the connection is re-created with the new token, and the user channel joined.
    expect(emitted).toEqual(['session.signedIn', 'connection.credentialsChanged']);
    expect(active.has('private-universal.7')).toBe(true);
    expect(active.has('private-universal.guest-abc123xyz')).toBe(false);
    expect(channels).toEqual(['private-universal.guest-abc123xyz', 'private-universal.7']);
  });

  it.each([
    ['password', 'session.login', 'signIn'],
    ['registration', 'session.register', 'register'],
    ['Google', 'session.google', 'googleSignIn'],
  ] as const)(
    '%s sign-in hand-over asks for each channel only with an identity that may join it',
    async (_, command, fake) => {
      const { actor, clock, asked } = start(guestInput, { [fake]: async () => ({ user: userFixture() }) });
      actor.send({ type: command });
      await flush();
      clock.increment(USER_CHANNEL_DELAY_MS);
      expect(asked.map((a) => a.channel)).toEqual(['private-universal.guest-abc123xyz', 'private-universal.7']);
      expect(asked.filter((a) => a.identity !== owner(a.channel))).toEqual([]);
    },
  );

  it('sign-out and sign-in again (also a logout within the hand-over): never a channel with a foreign identity', async () => {
    const { actor, clock, asked, active } = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    actor.send({ type: 'session.login' });
    await flush();
    // Logout during the 1 s hand-over: the guest channel is left with the session and joined anew as a guest.
    actor.send({ type: 'session.logout' });
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('guest');
    expect([...active]).toEqual(['private-universal.guest-abc123xyz']);
    clock.increment(USER_CHANNEL_DELAY_MS);
    expect(active.has('private-universal.7')).toBe(false);
    actor.send({ type: 'session.login' });
    await flush();
    clock.increment(USER_CHANNEL_DELAY_MS);
    actor.send({ type: 'session.logout' });
    await flush();
    expect([...active]).toEqual(['private-universal.guest-abc123xyz']);
    expect(asked.filter((a) => a.identity !== owner(a.channel))).toEqual([]);
  });

  it('a refused stored token: forgotten before the guest channel is asked for', async () => {
    const { asked } = start(tokenInput, {
      checkSession: async () => {
        throw apiError(401);
      },
    });
    await flush();
    expect(asked).toEqual([{ channel: 'private-universal.guest-abc123xyz', identity: 'guest' }]);
  });

  it('sign-out: the player stays shown (busy) until the server answered; no snapshot shows a guest with the token stored', async () => {
    let answer!: () => void;
    const { actor, clock, stored } = start(guestInput, {
      signIn: async () => ({ user: userFixture() }),
      signOut: () => new Promise<void>((resolve) => (answer = resolve)),
    });
    actor.send({ type: 'session.login' });
    await flush();
    clock.increment(USER_CHANNEL_DELAY_MS);
    const seen: Array<{ status: string; guestShown: boolean; tokenStored: boolean }> = [];
    actor.subscribe((snapshot) => {
      const vm = connectSession(snapshot);
      seen.push({ status: vm.status, guestShown: !vm.signedIn || vm.user === null, tokenStored: stored.token });
    });
    actor.send({ type: 'session.logout' });
    expect(connectSession(actor.getSnapshot())).toMatchObject({
      status: 'signingOut',
      signedIn: true,
      busy: true,
      user: { id: 7 },
      balance: 25000,
    });
    expect(stored.token).toBe(true);
    answer();
    await flush();
    expect(connectSession(actor.getSnapshot())).toMatchObject({ status: 'guest', signedIn: false, user: null });
    expect(stored.token).toBe(false);
    expect(seen.some((s) => s.guestShown)).toBe(true);
    expect(seen.filter((s) => s.guestShown && s.tokenStored)).toEqual([]);
  });

  it('forgetToken runs inside the transition, before any observer sees the new snapshot (refused check, self-exclusion)', async () => {
    const refusedCheck = start(tokenInput, {
      checkSession: async () => {
        throw apiError(401);
      },
    });
    const selfExcluded = start(guestInput, {
      signIn: async () => {
        throw selfExcludedError;
      },
    });
    selfExcluded.stored.token = true; // e.g. a token left by another tab
    for (const { actor, stored } of [refusedCheck, selfExcluded]) {
      const seen: Array<{ status: string; tokenStored: boolean }> = [];
      actor.subscribe((snapshot) => seen.push({ status: connectSession(snapshot).status, tokenStored: stored.token }));
      actor.send({ type: 'session.login' });
      await flush();
      expect(seen.filter((s) => ['guest', 'selfExcluded'].includes(s.status) && s.tokenStored)).toEqual([]);
      expect(seen.some((s) => ['guest', 'selfExcluded'].includes(s.status))).toBe(true);
    }
  });

  it('SIGAP\'s "Impedido" on the user channel while signed in (IN SPA/MF 31/2025, 22/2025): the player stays signed in, the view says why', async () => {
    const { actor } = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    actor.send({ type: 'session.login' });
    await flush();
    expect(connectSession(actor.getSnapshot()).impediment).toBeNull();
    actor.send({
      type: 'realtime.sigapImpeded',
      channel: 'private-universal.7',
      data: {
        reason: 'impedido_autoexclusao',
        since: '2026-11-26T15:00:00.000Z',
        withdraw_until: '2026-11-28T15:00:00.000Z',
      },
    });
    expect(connectSession(actor.getSnapshot())).toMatchObject({
      status: 'signedIn',
      impediment: { reasonId: 'sigap.banner.reason_impedido_autoexclusao', withdrawUntil: '2026-11-28T15:00:00.000Z' },
    });
  });

  it('the balance of live events merges into the wallet', async () => {
    const { actor } = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'realtime.balanceUpdated', channel: 'private-universal.7', data: { balance: 31000 } });
    expect(connectSession(actor.getSnapshot()).balance).toBe(31000);
    actor.send({
      type: 'realtime.paymentApproved',
      channel: 'private-universal.7',
      data: { balance: 41000, amount: 10000 },
    });
    expect(connectSession(actor.getSnapshot()).balance).toBe(41000);
  });

  it('MissionAssigned on the guest’s channel, then on the player’s, is announced to the root with its payload', async () => {
    const { actor } = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    const seen: unknown[] = [];
    actor.on('session.missionAssigned', (e) => seen.push(e.data));
    actor.send({
      type: 'realtime.missionAssigned',
      channel: 'private-universal.guest-abc123xyz',
      data: { data: { id: 1 } },
    });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'realtime.missionAssigned', channel: 'private-universal.7', data: { data: { id: 2 } } });
    expect(seen).toEqual([{ data: { id: 1 } }, { data: { id: 2 } }]);
  });

  it('a balance event before the wallet loaded leaves it unknown', async () => {
    const { actor } = start(guestInput, {
      signIn: async () => ({ user: userFixture() }),
      wallet: () => new Promise(() => {}),
    });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'realtime.balanceUpdated', channel: 'private-universal.7', data: { balance: 1 } });
    expect(connectSession(actor.getSnapshot()).balance).toBeNull();
  });

  it('post-login reads that fail leave their part empty and the session standing', async () => {
    const built = build({ signIn: async () => ({ user: userFixture() }) });
    const failing = fromPromise<never>(async () => {
      throw apiError(500);
    });
    const machine = built.machine.provide({
      actors: {
        fetchWallet: failing,
        fetchRecentGames: failing,
        fetchRanking: failing,
        fetchNotifications: failing,
      } as never,
    });
    const { actor } = createTestActor(machine, { input: guestInput });
    actor.send({ type: 'session.login' });
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({
      signedIn: { account: { wallet: 'failed', recentGames: 'failed', ranking: 'failed', notifications: 'failed' } },
    });
    expect(connectSession(actor.getSnapshot())).toMatchObject({ signedIn: true, balance: null });
  });

  it('logout clears token, player and recent games, leaves every channel and goes home', async () => {
    const { actor, clock, active, tokenCommands, emitted } = start(guestInput, {
      signIn: async () => ({ user: userFixture() }),
    });
    actor.send({ type: 'session.login' });
    await flush();
    clock.increment(USER_CHANNEL_DELAY_MS);
    emitted.length = 0;
    actor.send({ type: 'session.logout' });
    expect(connectSession(actor.getSnapshot()).status).toBe('signingOut');
    await flush();
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({ user: null, wallet: null, recentGames: [], hasToken: false });
    expect(tokenCommands).toEqual(['token.forget']);
    expect(emitted).toEqual(['connection.credentialsChanged', 'session.signedOut', 'session.navigateHome']);
    expect(active.has('private-universal.7')).toBe(false);
    // A guest again: the guest channel is joined anew.
    expect(active.has('private-universal.guest-abc123xyz')).toBe(true);
  });

  it('logout that the server could not confirm still forgets the token', async () => {
    const { actor, tokenCommands } = start(guestInput, {
      signIn: async () => ({ user: userFixture() }),
      signOut: async () => {
        throw apiError(0);
      },
    });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'session.logout' });
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('guest');
    expect(tokenCommands).toEqual(['token.forget']);
  });

  it('a self-excluded login is its own state: token forgotten, both dates recorded, no session', async () => {
    const { actor, tokenCommands, emitted } = start(guestInput, {
      signIn: async () => {
        throw selfExcludedError;
      },
    });
    actor.send({ type: 'session.login' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ guest: 'selfExcluded' });
    expect(connectSession(actor.getSnapshot())).toMatchObject({
      status: 'selfExcluded',
      signedIn: false,
      selfExclusion: { startAt: '2026-01-01T12:00:00.000Z', endAt: '2026-07-01T12:00:00.000Z' },
    });
    expect(actor.getSnapshot().context).toMatchObject({ isSelfExcluded: true, user: null, hasToken: false });
    expect(tokenCommands).toEqual(['token.forget']);
    expect(emitted).toEqual(['session.selfExcluded']);
    actor.send({ type: 'session.dismissSelfExclusion' });
    expect(actor.getSnapshot().context).toMatchObject({
      isSelfExcluded: false,
      selfExclusionStartAt: null,
      selfExclusionEndAt: null,
    });
  });

  it('an indefinite self-exclusion (end_at null) through Google is recorded with no end', async () => {
    const { actor } = start(guestInput, {
      googleSignIn: async () => {
        throw apiError(403, { message: 'x', selfExcluded: true, start_at: '2026-01-01T00:00:00.000Z', end_at: null });
      },
    });
    actor.send({ type: 'session.google' });
    await flush();
    expect(connectSession(actor.getSnapshot()).selfExclusion).toEqual({
      startAt: '2026-01-01T00:00:00.000Z',
      endAt: null,
      removableAt: null,
      ending: false,
    });
  });

  it('other refusals reset the self-exclusion fields and keep the messages for the form', async () => {
    let answer: unknown = selfExcludedError;
    const { actor } = start(guestInput, {
      signIn: async () => {
        throw answer;
      },
    });
    actor.send({ type: 'session.login' });
    await flush();
    answer = apiError(422);
    actor.send({ type: 'session.login' });
    await flush();
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({ isSelfExcluded: false, selfExclusionStartAt: null, selfExclusionEndAt: null });
    expect(connectSession(actor.getSnapshot()).failure).toEqual({
      status: 422,
      messages: [{ text: 'falhou 422' }],
      fields: { email: ['Credenciais inválidas.'] },
    });
    actor.send({ type: 'session.clearFailure' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a 403 without the self-excluded flag is an ordinary refusal', async () => {
    const { actor } = start(guestInput, {
      signIn: async () => {
        throw apiError(403, { message: 'proibido' });
      },
    });
    actor.send({ type: 'session.login' });
    await flush();
    expect(connectSession(actor.getSnapshot())).toMatchObject({ status: 'guest', selfExclusion: null });
  });

  it('registration and Google make a session; their refusals stay with the guest', async () => {
    let fail = true;
    const { actor } = start(guestInput, {
      register: async () => {
        if (fail) throw apiError(409);
        return { user: userFixture({ id: 8 }) };
      },
      googleSignIn: async () => {
        if (fail) throw apiError(422);
        return { user: userFixture({ id: 9 }) };
      },
    });
    actor.send({ type: 'session.register' });
    await flush();
    expect(connectSession(actor.getSnapshot())).toMatchObject({ status: 'guest', failure: { status: 409 } });
    actor.send({ type: 'session.google' });
    await flush();
    expect(connectSession(actor.getSnapshot())).toMatchObject({ status: 'guest', failure: { status: 422 } });
    fail = false;
    actor.send({ type: 'session.register' });
    await flush();
    expect(connectSession(actor.getSnapshot()).user?.id).toBe(8);
    actor.send({ type: 'session.logout' });
    await flush();
    actor.send({ type: 'session.google' });
    await flush();
    expect(connectSession(actor.getSnapshot()).user?.id).toBe(9);
  });

  it('a refused player may try again from the self-exclusion screen (password or Google)', async () => {
    const { actor } = start(guestInput, {
      signIn: async () => {
        throw selfExcludedError;
      },
      googleSignIn: async () => ({ user: userFixture() }),
    });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'session.login' });
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('selfExcluded');
    actor.send({ type: 'session.google' });
    await flush();
    expect(connectSession(actor.getSnapshot())).toMatchObject({ status: 'signedIn', selfExclusion: null });
    expect(actor.getSnapshot().context.isSelfExcluded).toBe(false);
  });

  it('the chat contact carries name, e-mail and the phone from username, never a token', async () => {
    const { actor } = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    actor.send({ type: 'session.login' });
    await flush();
    expect(connectSession(actor.getSnapshot()).chatContact).toEqual({
      name: 'Ana Souza',
      email: 'ana@sorteverde.test',
      phone: '+5511912345678',
    });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toMatch(/"(token|password|cpf|idToken)"/i);
  });

  it('fails loudly when an actor was not supplied', async () => {
    const logic = sessionMachine.implementations.actors.checkSession as ReturnType<typeof fromPromise<unknown>>;
    const child = createActor(logic);
    const errors: unknown[] = [];
    child.subscribe({ error: (e) => errors.push(e) });
    child.start();
    await flush();
    expect(String(errors[0])).toMatch(/checkSession actor was not supplied/);
  });
});

describe('session machine: self-exclusion everywhere', () => {
  const dates = { startAt: '2026-01-01T12:00:00.000Z', endAt: '2026-07-01T12:00:00.000Z' };
  const refuse = async (): Promise<never> => {
    throw selfExcludedError;
  };
  /** Signed in with the hand-over done: the user channel joined on the player's connection. */
  async function signedIn(fakes: Fakes = {}) {
    const started = start(guestInput, { signIn: async () => ({ user: userFixture() }), ...fakes });
    started.actor.send({ type: 'session.login' });
    await flush();
    started.clock.increment(USER_CHANNEL_DELAY_MS);
    started.emitted.length = 0;
    started.tokenCommands.length = 0;
    return started;
  }
  /** The session ended for a self-exclusion: dates shown, token and player gone, only the guest channel joined. */
  function expectExcluded(
    started: Awaited<ReturnType<typeof signedIn>>,
    expected: SelfExclusion = dates,
    userChannelBusy = false,
  ) {
    const { actor, stored, active, asked } = started;
    expect(actor.getSnapshot().value).toEqual({ guest: 'selfExcluded' });
    expect(connectSession(actor.getSnapshot())).toMatchObject({
      status: 'selfExcluded',
      signedIn: false,
      user: null,
      balance: null,
      selfExclusion: expected,
    });
    expect(actor.getSnapshot().context).toMatchObject({
      isSelfExcluded: true,
      hasToken: false,
      user: null,
      wallet: null,
      recentGames: [],
    });
    expect(stored.token).toBe(false);
    expect([...active]).toEqual(['private-universal.guest-abc123xyz']);
    // When the user channel itself reported the exclusion, its actor stops once it has delivered that message,
    // a moment after the connection was told to re-create itself; this model re-asks at once, the pusher-js
    // adapter only once the new client is loaded (asynchronously), by which time the channel is gone.
    const foreign = userChannelBusy ? [{ channel: 'private-universal.7', identity: 'guest' }] : [];
    expect(asked.filter((a) => a.identity !== owner(a.channel))).toEqual(foreign);
  }

  it('a stored token of a self-excluded player: the check answered 403 selfExcluded shows the dates, not a plain guest', async () => {
    const started = start(tokenInput, { checkSession: refuse });
    await flush();
    expectExcluded(started);
    expect(connectSession(started.actor.getSnapshot()).checkDone).toBe(true);
    // The token is forgotten before the connection is re-created, so the guest channel is asked for as the guest.
    expect(started.emitted).toEqual(['connection.credentialsChanged', 'session.signedOut', 'session.selfExcluded']);
    expect(started.channels).toEqual(['private-universal.guest-abc123xyz']);
  });

  it('another flow reports a self-exclusion while the stored token is being checked', async () => {
    const started = start(tokenInput);
    started.actor.send({ type: 'session.selfExclusionFound', startAt: dates.startAt, endAt: null });
    expectExcluded(started, { startAt: dates.startAt, endAt: null });
    expect(connectSession(started.actor.getSnapshot()).checkDone).toBe(true);
  });

  it('a self-exclusion another flow found (session.selfExclusionFound) signs the player out: user channel left, dates shown', async () => {
    const started = await signedIn();
    expect(started.active.has('private-universal.7')).toBe(true);
    started.actor.send({ type: 'session.selfExclusionFound', ...dates });
    expectExcluded(started);
    expect(started.tokenCommands[0]).toBe('token.forget');
    expect(started.emitted).toEqual(['connection.credentialsChanged', 'session.signedOut', 'session.selfExcluded']);
    // The player may close the screen and is a guest.
    started.actor.send({ type: 'session.dismissSelfExclusion' });
    expect(connectSession(started.actor.getSnapshot())).toMatchObject({ status: 'guest', selfExclusion: null });
  });

  it("the user channel's SelfExclusionStarted signs the player out with the dates (indefinite: no end)", async () => {
    const started = await signedIn();
    const report = started.reportOn.get('private-universal.7')!;
    report({ type: 'channel.subscribed' });
    report({
      type: 'channel.received',
      message: { name: 'SelfExclusionStarted', data: { start_at: dates.startAt, end_at: null } },
    });
    expectExcluded(started, { startAt: dates.startAt, endAt: null }, true);
    expect(started.emitted).toEqual(['connection.credentialsChanged', 'session.signedOut', 'session.selfExcluded']);
  });

  it('a self-exclusion within the 1 s hand-over: the guest channel is left and joined again as the guest', async () => {
    const started = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    started.actor.send({ type: 'session.login' });
    await flush();
    started.actor.send({ type: 'session.selfExclusionFound', ...dates });
    expectExcluded(started);
    started.clock.increment(USER_CHANNEL_DELAY_MS);
    expect([...started.active]).toEqual(['private-universal.guest-abc123xyz']);
  });

  it.each([
    ['wallet', { wallet: refuse }],
    ['recent games', { recentGames: refuse }],
    ['ranking', { ranking: refuse }],
    ['notifications', { notifications: refuse }],
  ] as const)('a 403 selfExcluded to the %s read after sign-in ends the session with the dates', async (_, fakes) => {
    const started = start(guestInput, { signIn: async () => ({ user: userFixture() }), ...fakes });
    started.actor.send({ type: 'session.login' });
    await flush();
    expectExcluded(started);
  });

  it('a self-exclusion report while signed out or already refused changes nothing', async () => {
    const { actor } = start(guestInput);
    actor.send({ type: 'session.selfExclusionFound', ...dates });
    expect(connectSession(actor.getSnapshot())).toMatchObject({ status: 'guest', selfExclusion: null });
  });
});

describe('session machine: a session that expired on the platform', () => {
  async function signedIn() {
    const started = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    started.actor.send({ type: 'session.login' });
    await flush();
    started.clock.increment(USER_CHANNEL_DELAY_MS);
    started.emitted.length = 0;
    started.tokenCommands.length = 0;
    return started;
  }

  it("a 401 to any signed-in call (session.expired) makes the player a guest with §8's 401 text and asks them to sign in again", async () => {
    const started = await signedIn();
    expect(started.active.has('private-universal.7')).toBe(true);
    started.actor.send({ type: 'session.expired' });
    const vm = connectSession(started.actor.getSnapshot());
    expect(vm).toMatchObject({ status: 'guest', signedIn: false, user: null, balance: null, selfExclusion: null });
    expect(vm.failure).toEqual({ status: 401, messages: [{ id: 'error_messages.401' }], fields: {} });
    expect(started.tokenCommands).toEqual(['token.forget']);
    expect(started.stored.token).toBe(false);
    expect(started.emitted).toEqual(['connection.credentialsChanged', 'session.signedOut', 'session.signInAgain']);
    // Only the guest channel is joined again, with the guest's identity.
    expect([...started.active]).toEqual(['private-universal.guest-abc123xyz']);
    // Signing in again clears the text.
    started.actor.send({ type: 'session.login' });
    expect(connectSession(started.actor.getSnapshot()).failure).toBeNull();
  });

  it('a 401 the platform gave for the daily play-time limit ends the session with that text, not "expired"', async () => {
    const started = await signedIn();
    started.actor.send({ type: 'session.expired', reason: 'playTimeLimit' });
    const vm = connectSession(started.actor.getSnapshot());
    expect(vm).toMatchObject({ status: 'guest', signedIn: false, user: null });
    expect(vm.failure).toEqual({ status: 401, messages: [{ id: PLAY_TIME_OVER_ID }], fields: {} });
    expect(started.emitted).toEqual(['connection.credentialsChanged', 'session.signedOut', 'session.signInAgain']);
  });

  it('a 401 report while a guest (a refused login is its own answer) changes nothing', () => {
    const { actor, emitted } = start(guestInput);
    actor.send({ type: 'session.expired' });
    expect(connectSession(actor.getSnapshot())).toMatchObject({ status: 'guest', failure: null });
    expect(emitted).toEqual([]);
  });
});

describe('session machine: the session owns the balance', () => {
  it('a balance another flow reports (pix, withdrawal) merges into the wallet, with the deposit count when given', async () => {
    const { actor } = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'session.balanceReported', balance: 35000, depositCount: 4 });
    expect(actor.getSnapshot().context.wallet).toEqual({
      balance: 35000,
      bonus_balance: 0,
      deposit_count: 4,
      currency: 'BRL',
    });
    actor.send({ type: 'session.balanceReported', balance: 30000 });
    expect(actor.getSnapshot().context.wallet).toEqual({
      balance: 30000,
      bonus_balance: 0,
      deposit_count: 4,
      currency: 'BRL',
    });
    expect(connectSession(actor.getSnapshot()).balance).toBe(30000);
  });

  it('a live balance carries the bonus money apart; one without it keeps the bonus last known', async () => {
    const { actor } = start(guestInput, { signIn: async () => ({ user: userFixture() }) });
    actor.send({ type: 'session.login' });
    await flush();
    const live = (data: { balance: number; bonus_balance?: number }) =>
      actor.send({ type: 'realtime.balanceUpdated', channel: 'private-universal.7', data });
    live({ balance: 10_000, bonus_balance: 2_500 });
    expect(connectSession(actor.getSnapshot())).toMatchObject({ balance: 10_000, bonusBalance: 2_500 });
    live({ balance: 9_000 });
    expect(connectSession(actor.getSnapshot())).toMatchObject({ balance: 9_000, bonusBalance: 2_500 });
    actor.send({
      type: 'realtime.paymentApproved',
      channel: 'private-universal.7',
      data: { balance: 14_000, amount: 5_000, bonus_balance: 7_500 },
    });
    expect(connectSession(actor.getSnapshot())).toMatchObject({ balance: 14_000, bonusBalance: 7_500 });
  });

  it('a reported balance before the wallet loaded leaves it unknown', async () => {
    const { actor } = start(guestInput, {
      signIn: async () => ({ user: userFixture() }),
      wallet: () => new Promise(() => {}),
    });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'session.balanceReported', balance: 1, depositCount: 1 });
    expect(connectSession(actor.getSnapshot()).balance).toBeNull();
  });
});

describe('session machine: ending an indefinite self-exclusion', () => {
  const indefinite = apiError(403, {
    message: 'x',
    selfExcluded: true,
    start_at: '2026-01-01T00:00:00.000Z',
    end_at: null,
    removable_at: '2026-01-31T00:00:00.000Z',
    removal_token: 'held-by-the-app',
  });

  it('a sign-in refused for an indefinite exclusion can ask for its end; once ended the player may sign in', async () => {
    let ends = 0;
    let refuse = true;
    const { actor } = start(guestInput, {
      signIn: async () => {
        if (refuse) throw indefinite;
        return { user: userFixture() };
      },
      endSelfExclusion: async () => {
        ends += 1;
        if (ends === 1) throw apiError(403, { message: 'Ainda não.' });
      },
    });
    actor.send({ type: 'session.login' });
    await flush();
    expect(connectSession(actor.getSnapshot()).selfExclusion).toEqual({
      startAt: '2026-01-01T00:00:00.000Z',
      endAt: null,
      removableAt: '2026-01-31T00:00:00.000Z',
      ending: false,
    });
    // The token the platform gave is never in the context.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('held-by-the-app');

    actor.send({ type: 'session.endSelfExclusion' });
    expect(actor.getSnapshot().value).toEqual({ guest: 'endingSelfExclusion' });
    expect(connectSession(actor.getSnapshot()).selfExclusion?.ending).toBe(true);
    await flush();
    // Refused (too early): back, with the platform's text.
    expect(actor.getSnapshot().value).toEqual({ guest: 'selfExcluded' });
    expect(connectSession(actor.getSnapshot()).failure?.messages).toEqual([{ text: 'falhou 403' }]);

    actor.send({ type: 'session.endSelfExclusion' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ guest: 'selfExclusionEnded' });
    expect(connectSession(actor.getSnapshot())).toMatchObject({
      status: 'guest',
      selfExclusion: null,
      selfExclusionEnded: true,
    });
    expect(actor.getSnapshot().context).toMatchObject({ isSelfExcluded: false, selfExclusionRemovableAt: null });

    refuse = false;
    actor.send({ type: 'session.login' });
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('signedIn');
  });

  it('a fixed term cannot be ended early: the request is not even sent', async () => {
    let ends = 0;
    const { actor } = start(guestInput, {
      signIn: async () => {
        throw selfExcludedError;
      },
      endSelfExclusion: async () => {
        ends += 1;
      },
    });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'session.endSelfExclusion' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ guest: 'selfExcluded' });
    expect(ends).toBe(0);
  });

  it('after the end: closing leaves a guest, or Google signs in', async () => {
    const { actor } = start(guestInput, {
      signIn: async () => {
        throw indefinite;
      },
      googleSignIn: async () => ({ user: userFixture() }),
      endSelfExclusion: async () => undefined,
    });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'session.endSelfExclusion' });
    await flush();
    actor.send({ type: 'session.dismissSelfExclusion' });
    expect(actor.getSnapshot().value).toEqual({ guest: 'idle' });
    actor.send({ type: 'session.login' });
    await flush();
    actor.send({ type: 'session.endSelfExclusion' });
    await flush();
    actor.send({ type: 'session.google' });
    await flush();
    expect(connectSession(actor.getSnapshot()).status).toBe('signedIn');
  });
});
