/** Types of the profile flow (spec §2.2 /user, §3 User and privacy toggles, §7 Profile). */
import type { Failure, UiMessage } from '../kernel/api-error';
import type { FullNameProblem } from '../../shared/full-name';

export type ProfileLanguage = 'pt' | 'en';

import { PRIVACY_TOGGLES } from '../../shared/responsible-limits';

/** The privacy toggles of §3 (POST /profile/update-settings). */
export { PRIVACY_TOGGLES };
export type PrivacyToggle = (typeof PRIVACY_TOGGLES)[number];
export type PrivacySettings = Record<PrivacyToggle, boolean>;

export interface ProfileData {
  name: string;
  email: string;
  username: string | null;
  language: ProfileLanguage;
  settings: PrivacySettings;
  /** The platform's address of the avatar image (its own upload path), or null: the initial is shown. */
  avatar: string | null;
}

/** Why a chosen avatar is not sent (§5 image rule, the 2 MiB limit): not JPEG, PNG or WebP, or empty or too big. */
export type AvatarProblem = 'type' | 'size';

/** A change as the platform takes it, and what it answers (the profile after it, and its message). */
export type ProfileChange =
  | { kind: 'name'; name: string }
  | { kind: 'language'; language: ProfileLanguage }
  | { kind: 'privacy'; key: PrivacyToggle; value: boolean }
  /** The image itself stays outside the flow (the app's avatar drop): only what the checks need. */
  | { kind: 'avatar'; fileType: string; size: number };

export interface ProfileSaved {
  profile: ProfileData;
  message: string;
}

export interface ProfileContext {
  profile: ProfileData | null;
  change: ProfileChange | null;
  nameProblem: FullNameProblem | null;
  avatarProblem: AvatarProblem | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export type ProfileEvent =
  | { type: 'profile.saveName'; name: string }
  | { type: 'profile.saveLanguage'; language: ProfileLanguage }
  | { type: 'profile.toggle'; key: PrivacyToggle; value: boolean }
  /** The player chose an image (its declared type and size; the file is in the app's avatar drop). */
  | { type: 'profile.avatarChosen'; fileType: string; size: number }
  | { type: 'profile.retry' }
  | { type: 'profile.dismiss' };

/** Emitted once the platform stored a new language: the root shows the app in it. */
export type ProfileEmitted = { type: 'profile.languageChanged'; language: ProfileLanguage };
