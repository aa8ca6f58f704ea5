import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectProfile } from './profile.connect';
import { profileMachine } from './profile.machine';
import type { ProfileChange, ProfileData, ProfileSaved } from './profile.types';

const settle = () => new Promise((r) => setTimeout(r, 0));

const PROFILE: ProfileData = {
  name: 'Ana Souza',
  email: 'ana@sorteverde.test',
  username: 'ana',
  language: 'pt',
  settings: {
    hide_username: false,
    hide_statistics: false,
    hide_activity: false,
    hide_played_games: false,
    hide_battle_rewards: false,
    hide_metrics: false,
  },
  avatar: null,
};

function machineWith(
  save: (change: ProfileChange) => Promise<ProfileSaved>,
  load: () => Promise<ProfileData> = async () => PROFILE,
) {
  return profileMachine.provide({
    actors: {
      loadProfile: fromPromise(load),
      saveChange: fromPromise(({ input }: { input: ProfileChange }) => save(input)),
    },
  });
}

const applied = (change: ProfileChange): ProfileData =>
  change.kind === 'name'
    ? { ...PROFILE, name: change.name }
    : change.kind === 'language'
      ? { ...PROFILE, language: change.language }
      : change.kind === 'avatar'
        ? { ...PROFILE, avatar: '/api/uploads/avatars/0123456789abcdef0123456789abcdef.png' }
        : { ...PROFILE, settings: { ...PROFILE.settings, [change.key]: change.value } };

describe('profile machine', () => {
  it('loads the profile; a failed load shows §8 and retries', async () => {
    let calls = 0;
    const { actor } = createTestActor(
      machineWith(
        async () => ({ profile: PROFILE, message: '' }),
        async () => {
          calls += 1;
          if (calls === 1) throw Object.assign(new Error('x'), { status: 503, messages: [], fields: {} });
          return PROFILE;
        },
      ),
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure?.status).toBe(503);
    actor.send({ type: 'profile.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.profile).toEqual(PROFILE);
  });

  it("checks §5's full-name rule before saving a name, and saves one that passes", async () => {
    const sent: ProfileChange[] = [];
    const { actor } = createTestActor(
      machineWith(async (change) => (sent.push(change), { profile: applied(change), message: 'Nome atualizado.' })),
    );
    await settle();
    for (const [name, problem] of [
      ['  ', 'required'],
      ['Ana', 'fullName'],
      ['Ana S', 'surname'],
    ] as const) {
      actor.send({ type: 'profile.saveName', name });
      expect(actor.getSnapshot().context.nameProblem).toBe(problem);
    }
    expect(sent).toEqual([]);
    actor.send({ type: 'profile.saveName', name: '  Ana   Lima  ' });
    expect(actor.getSnapshot().value).toBe('saving');
    // One save at a time.
    actor.send({ type: 'profile.toggle', key: 'hide_username', value: true });
    await settle();
    expect(sent).toEqual([{ kind: 'name', name: 'Ana Lima' }]);
    expect(actor.getSnapshot().context.profile?.name).toBe('Ana Lima');
    expect(actor.getSnapshot().context.notice).toEqual({ id: 'profile.saved' });
    actor.send({ type: 'profile.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('saves another language and announces it; the same language is not sent', async () => {
    const sent: ProfileChange[] = [];
    const { actor } = createTestActor(
      machineWith(async (change) => (sent.push(change), { profile: applied(change), message: 'Language updated.' })),
    );
    const announced: unknown[] = [];
    actor.on('profile.languageChanged', (event) => announced.push(event));
    await settle();
    actor.send({ type: 'profile.saveLanguage', language: 'pt' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'profile.saveLanguage', language: 'en' });
    await settle();
    expect(sent).toEqual([{ kind: 'language', language: 'en' }]);
    expect(announced).toEqual([{ type: 'profile.languageChanged', language: 'en' }]);
    expect(actor.getSnapshot().context.profile?.language).toBe('en');
  });

  it("saves a privacy toggle; a refusal keeps the profile and shows the platform's text", async () => {
    let refuse = false;
    const { actor } = createTestActor(
      machineWith(async (change) => {
        if (refuse)
          throw Object.assign(new Error('x'), { status: 422, messages: [{ text: 'Não foi possível.' }], fields: {} });
        return { profile: applied(change), message: 'Preferências de privacidade salvas.' };
      }),
    );
    await settle();
    actor.send({ type: 'profile.toggle', key: 'hide_metrics', value: true });
    await settle();
    expect(actor.getSnapshot().context.profile?.settings.hide_metrics).toBe(true);
    refuse = true;
    const before = actor.getSnapshot().context.profile;
    actor.send({ type: 'profile.toggle', key: 'hide_username', value: true });
    // Shown at once while it is saved…
    expect(connectProfile(actor.getSnapshot()).profile?.settings.hide_username).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.profile).toBe(before);
    // …and back to the stored position once refused.
    expect(connectProfile(actor.getSnapshot()).profile?.settings.hide_username).toBe(false);
    expect(actor.getSnapshot().context.failure?.messages).toEqual([{ text: 'Não foi possível.' }]);
  });

  it("checks §5's image rule and the 2 MiB limit before sending an avatar, and shows the stored one", async () => {
    const sent: ProfileChange[] = [];
    const { actor } = createTestActor(
      machineWith(async (change) => {
        sent.push(change);
        return { profile: applied(change), message: 'Foto atualizada.' };
      }),
    );
    await settle();
    for (const [fileType, size, problem] of [
      ['image/svg+xml', 1000, 'profile.avatar.problem.type'],
      ['image/gif', 1000, 'profile.avatar.problem.type'],
      ['image/png', 0, 'profile.avatar.problem.size'],
      ['image/jpeg', 2 * 1024 * 1024 + 1, 'profile.avatar.problem.size'],
    ] as const) {
      actor.send({ type: 'profile.avatarChosen', fileType, size });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(connectProfile(actor.getSnapshot()).avatarProblem).toBe(problem);
    }
    actor.send({ type: 'profile.dismiss' });
    expect(connectProfile(actor.getSnapshot()).avatarProblem).toBeNull();
    actor.send({ type: 'profile.avatarChosen', fileType: 'image/webp', size: 2 * 1024 * 1024 });
    expect(connectProfile(actor.getSnapshot()).saving).toBe('avatar');
    await settle();
    expect(sent).toEqual([{ kind: 'avatar', fileType: 'image/webp', size: 2 * 1024 * 1024 }]);
    expect(actor.getSnapshot().context.profile?.avatar).toMatch(/^\/api\/uploads\/avatars\//);
    expect(actor.getSnapshot().context.notice).toEqual({ id: 'profile.saved' });
  });
});
