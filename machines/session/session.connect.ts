import type { ActorRefFrom } from 'xstate';
import type { regulatedProfileMachine } from '../regulated-profile/regulated-profile.machine';
import type { ChallengeRef } from '../second-factor/second-factor.connect';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';
import type { SessionFailure, SessionUser } from './session.types';

export type SessionStatus = 'checking' | 'guest' | 'signingIn' | 'signedIn' | 'signingOut' | 'selfExcluded';

/** The contact details the live-chat widget receives (§2.3): no token, no CPF. */
export interface ChatContact {
  name: string;
  email: string;
  /** §2.3: the phone is taken from `username`. */
  phone: string;
}

export type RegulatedProfileRef = ActorRefFrom<typeof regulatedProfileMachine>;

export interface SessionViewModel {
  status: SessionStatus;
  /**
   * A session is held: signed in, or signing out (the token is still stored until the server has been told; the
   * player stays shown, busy). The guest state shows only once the token is forgotten.
   */
  signedIn: boolean;
  /** The stored token has been checked (§3 isCheckUserDone): the live chat may load. */
  checkDone: boolean;
  busy: boolean;
  user: { id: number; name: string; firstName: string } | null;
  /** Cash balance in integer centavos; null until the wallet is loaded. */
  balance: number | null;
  /** Bonus money in integer centavos (never withdrawable; 0 on a regulated brand); null until the wallet is loaded. */
  bonusBalance: number | null;
  failure: SessionFailure | null;
  selfExclusion: {
    startAt: string;
    endAt: string | null;
    /** An indefinite exclusion's earliest end (from the refused sign-in), else null. */
    removableAt: string | null;
    /** Its end is being asked for. */
    ending: boolean;
  } | null;
  /** An indefinite self-exclusion was just ended: the player may sign in again. */
  selfExclusionEnded: boolean;
  chatContact: ChatContact | null;
  /**
   * SIGAP answered "Impedido" for the player's CPF (IN SPA/MF 31/2025, IN SPA/MF 22/2025): why, and until when
   * they may withdraw before the balance is refunded to their pix key; null otherwise.
   */
  impediment: { reasonId: string; withdrawUntil: string } | null;
  /** Portaria SPA/MF 722/2024: the sign-in's second factor while it is asked (the login modal shows it). */
  secondFactor: ChallengeRef | null;
  /** Portaria SPA/MF 2.579/2025: the gender and limits form while it is asked. */
  regulatedProfile: RegulatedProfileRef | null;
}

function sessionStatusOf(snapshot: SnapshotFrom<typeof sessionMachine>): SessionStatus {
  if (snapshot.matches({ guest: 'selfExcluded' }) || snapshot.matches({ guest: 'endingSelfExclusion' })) {
    return 'selfExcluded';
  }
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signingOut') || snapshot.matches('signedOut')) return 'signingOut';
  if (snapshot.matches('checking') || snapshot.matches('checkFailed') || snapshot.matches('start')) return 'checking';
  if (snapshot.matches({ guest: 'idle' }) || snapshot.matches({ guest: 'selfExclusionEnded' })) return 'guest';
  return 'signingIn';
}

function contactOf(user: SessionUser): ChatContact {
  return { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email, phone: user.username };
}

export function connectSession(snapshot: SnapshotFrom<typeof sessionMachine>): SessionViewModel {
  const status = sessionStatusOf(snapshot);
  const { context } = snapshot;
  const signedIn = status === 'signedIn' || (status === 'signingOut' && context.user !== null);
  const user = signedIn ? context.user : null;
  return {
    status,
    signedIn,
    checkDone: context.isCheckUserDone,
    busy: status === 'signingIn' || status === 'signingOut' || status === 'checking',
    user: user ? { id: user.id, name: user.name, firstName: user.first_name } : null,
    balance: signedIn ? (context.wallet?.balance ?? null) : null,
    bonusBalance: signedIn ? (context.wallet?.bonus_balance ?? null) : null,
    failure: context.failure,
    selfExclusion:
      status === 'selfExcluded' && context.selfExclusionStartAt
        ? {
            startAt: context.selfExclusionStartAt,
            endAt: context.selfExclusionEndAt,
            removableAt: context.selfExclusionEndAt === null ? context.selfExclusionRemovableAt : null,
            ending: snapshot.matches({ guest: 'endingSelfExclusion' }),
          }
        : null,
    selfExclusionEnded: snapshot.matches({ guest: 'selfExclusionEnded' }),
    chatContact: user ? contactOf(user) : null,
    impediment: user?.impediment
      ? {
          reasonId: `sigap.banner.reason_${user.impediment.reason}`,
          withdrawUntil: user.impediment.withdraw_until,
        }
      : null,
    secondFactor: (snapshot.children.secondFactorChallenge as ChallengeRef | undefined) ?? null,
    regulatedProfile: (snapshot.children.regulatedProfile as RegulatedProfileRef | undefined) ?? null,
  };
}

/** The brand switches the sign-in forms follow (§3 Site config). */
export interface SessionBrandSettings {
  /** Identifiers the login form accepts (e-mail when the brand sets none). */
  loginBy: Array<'email' | 'phone' | 'cpf'>;
  registerCpf: boolean;
  registerPhone: boolean;
  turnstileSiteKey: string | null;
  /** Google Identity Services client id, when the brand allows Google sign-in. */
  googleClientId: string | null;
  chatId: string | null;
}

export function connectSessionBrand(config: {
  login_requires_email: boolean;
  login_requires_phone: boolean;
  login_requires_cpf: boolean;
  registerCPF: boolean;
  reg_phone: boolean;
  turnstileSiteKey: string | null;
  googleClientId: string | null;
  casAllowGoogleAuth: boolean;
  jivoChat: string | null;
}): SessionBrandSettings {
  const loginBy = (['email', 'phone', 'cpf'] as const).filter((key) => config[`login_requires_${key}`]);
  return {
    loginBy: loginBy.length > 0 ? [...loginBy] : ['email'],
    registerCpf: config.registerCPF,
    registerPhone: config.reg_phone,
    turnstileSiteKey: config.turnstileSiteKey || null,
    googleClientId: config.casAllowGoogleAuth && config.googleClientId ? config.googleClientId : null,
    chatId: config.jivoChat || null,
  };
}
