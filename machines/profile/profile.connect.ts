import type { SnapshotFrom } from 'xstate';
import type { Failure, UiMessage } from '../kernel/api-error';
import type { profileMachine } from './profile.machine';
import type { ProfileChange, ProfileData } from './profile.types';

/** Catalog ids of §5's full-name texts (the sign-up form's texts, in the profile's catalogue part). */
/** Catalog ids of the avatar's problems (§5 image rule, the size limit). */
const AVATAR_PROBLEM_IDS = { type: 'profile.avatar.problem.type', size: 'profile.avatar.problem.size' } as const;

const NAME_PROBLEM_IDS = {
  required: 'profile.name.problem.required',
  fullName: 'profile.name.problem.fullName',
  surname: 'profile.name.problem.surname',
} as const;

export interface ProfileView {
  status: 'loading' | 'failed' | 'ready';
  profile: ProfileData | null;
  busy: boolean;
  /** What is being saved, while it is. */
  saving: ProfileChange['kind'] | null;
  /** The catalog id of the name's problem, or null. */
  nameProblem: string | null;
  /** The catalog id of the chosen avatar's problem, or null. */
  avatarProblem: string | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export function connectProfile(snapshot: SnapshotFrom<typeof profileMachine>): ProfileView {
  const { profile, change, nameProblem, avatarProblem, notice, failure } = snapshot.context;
  const saving = snapshot.matches('saving');
  // A toggle being saved shows its new position at once (a refusal puts the stored one back).
  const shown =
    profile && saving && change?.kind === 'privacy'
      ? { ...profile, settings: { ...profile.settings, [change.key]: change.value } }
      : profile;
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    profile: shown,
    busy: saving,
    saving: saving ? (change?.kind ?? null) : null,
    nameProblem: nameProblem ? NAME_PROBLEM_IDS[nameProblem] : null,
    avatarProblem: avatarProblem ? AVATAR_PROBLEM_IDS[avatarProblem] : null,
    notice,
    failure,
  };
}
