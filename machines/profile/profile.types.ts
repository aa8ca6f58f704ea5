/** Types of the profile flow (issue 15 item 1; spec §2.2 /user, §3 User and privacy toggles, §7 Profile). */
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
}

/** A change as the platform takes it, and what it answers (the profile after it, and its message). */
export type ProfileChange =
  | { kind: 'name'; name: string }
  | { kind: 'language'; language: ProfileLanguage }
  | { kind: 'privacy'; key: PrivacyToggle; value: boolean };

export interface ProfileSaved {
  profile: ProfileData;
  message: string;
}

export interface ProfileContext {
  profile: ProfileData | null;
  change: ProfileChange | null;
  nameProblem: FullNameProblem | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export type ProfileEvent =
  | { type: 'profile.saveName'; name: string }
  | { type: 'profile.saveLanguage'; language: ProfileLanguage }
  | { type: 'profile.toggle'; key: PrivacyToggle; value: boolean }
  | { type: 'profile.retry' }
  | { type: 'profile.dismiss' };

/** Emitted once the platform stored a new language: the root shows the app in it. */
export type ProfileEmitted = { type: 'profile.languageChanged'; language: ProfileLanguage };
