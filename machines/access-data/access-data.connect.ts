/** Views of /user/edit/access-data's machines, as the page renders them (catalog ids for every text). */
import type { SnapshotFrom } from 'xstate';
import type { Failure, UiMessage } from '../kernel/api-error';
import type { accessDataMachine } from './access-data.machine';
import type { AccessAccount, CodeProblem, ContactChannel } from './access-data.types';
import type { accountSessionsMachine } from './account-sessions.machine';
import type { contactChangeMachine } from './contact-change.machine';
import type { contactVerificationMachine } from './contact-verification.machine';
import { contactChangeRefusalOf } from '../../shared/contact-change';
import type { passwordChangeMachine } from './password-change.machine';
import { describeUserAgent, type DeviceSummary } from './user-agent';

/** Catalog ids of a refused code, per channel where the text differs. */
const PROBLEM_IDS: Record<CodeProblem, string> = {
  format: 'profile.access.code.problem.format',
  wrong: 'profile.access.code.problem.wrong',
  expired: 'profile.access.code.problem.expired',
  tooMany: 'profile.access.code.problem.tooMany',
};

export interface AccessDataView {
  status: 'loading' | 'failed' | 'ready';
  account: AccessAccount | null;
  failure: Failure | null;
}

export function connectAccessData(snapshot: SnapshotFrom<typeof accessDataMachine>): AccessDataView {
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    account: snapshot.context.account,
    failure: snapshot.context.failure,
  };
}

export interface ContactView {
  channel: ContactChannel;
  address: string | null;
  step: 'none' | 'unverified' | 'code' | 'verified';
  verified: boolean;
  busy: boolean;
  /** A new code may be asked for now (else `resendIn` seconds remain). */
  canResend: boolean;
  resendIn: number;
  /** The catalog id of why the code was refused, or null. */
  problem: string | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export function connectContact(snapshot: SnapshotFrom<typeof contactVerificationMachine>): ContactView {
  const { channel, address, verified, resendIn, problem, notice, failure } = snapshot.context;
  const inCode = snapshot.matches('codeSent');
  return {
    channel,
    address,
    step: snapshot.matches('noPhone')
      ? 'none'
      : snapshot.matches('verified')
        ? 'verified'
        : inCode
          ? 'code'
          : 'unverified',
    verified,
    busy:
      snapshot.matches('sending') ||
      snapshot.matches({ codeSent: { entry: 'verifying' } }) ||
      snapshot.matches({ codeSent: { resend: 'resending' } }),
    canResend: snapshot.matches({ codeSent: { resend: 'ready' } }),
    resendIn: inCode ? resendIn : 0,
    problem: problem ? PROBLEM_IDS[problem] : null,
    notice,
    failure,
  };
}

export interface PasswordChangeView {
  step: 'idle' | 'code' | 'password' | 'done';
  email: string;
  busy: boolean;
  canResend: boolean;
  resendIn: number;
  problem: string | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export function connectPasswordChange(snapshot: SnapshotFrom<typeof passwordChangeMachine>): PasswordChangeView {
  const { email, resendIn, problem, notice, failure } = snapshot.context;
  const step = snapshot.matches('code')
    ? 'code'
    : snapshot.matches('password') || snapshot.matches('changing')
      ? 'password'
      : snapshot.matches('done')
        ? 'done'
        : 'idle';
  return {
    step,
    email,
    busy:
      snapshot.matches('requesting') ||
      snapshot.matches('changing') ||
      snapshot.matches({ code: { entry: 'verifying' } }) ||
      snapshot.matches({ code: { resend: 'resending' } }),
    canResend: snapshot.matches({ code: { resend: 'ready' } }),
    resendIn: step === 'code' ? resendIn : 0,
    problem: problem ? PROBLEM_IDS[problem] : null,
    notice,
    failure,
  };
}

export interface SessionRowView extends DeviceSummary {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
  ending: boolean;
}

export interface SessionsView {
  status: 'loading' | 'failed' | 'ready';
  sessions: SessionRowView[];
  /** How many sessions other than this one are open (the "sign out everywhere else" button needs one). */
  others: number;
  confirming: boolean;
  busy: boolean;
  notice: UiMessage | null;
  failure: Failure | null;
}

export function connectSessions(snapshot: SnapshotFrom<typeof accountSessionsMachine>): SessionsView {
  const { sessions, ending, notice, failure } = snapshot.context;
  const first = snapshot.matches('loading') && sessions.length === 0;
  return {
    status: first ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.current,
      ending: snapshot.matches('revoking') && ending === s.id,
      ...describeUserAgent(s.userAgent),
    })),
    others: sessions.filter((s) => !s.current).length,
    confirming: snapshot.matches('confirming'),
    busy: snapshot.matches('revoking') || snapshot.matches('revokingOthers') || snapshot.matches('loading'),
    notice,
    failure,
  };
}

export interface ContactChangeView {
  channel: ContactChannel;
  /** The address the player has now. */
  current: string | null;
  step: 'closed' | 'editing' | 'code' | 'done';
  /** The new value asked for (the form's starting value when it reopens). */
  value: string;
  busy: boolean;
  canResend: boolean;
  resendIn: number;
  /** The catalog id of why the code was refused, or null. */
  problem: string | null;
  /** Refusals under the form's fields (`value`: the new address; `password`), in the player's language when known. */
  fields: { value: UiMessage | null; password: UiMessage | null };
  notice: UiMessage | null;
  /** A failure no field shows (network, 5xx, 409 …), or null. */
  failure: Failure | null;
}

/** A refusal text of the platform as a catalog id when it is a known one, else the text as it came. */
const refusal = (texts: string[] | undefined): UiMessage | null => {
  const text = texts?.[0];
  if (!text) return null;
  const key = contactChangeRefusalOf(text);
  return key ? { id: `profile.access.change.problem.${key}` } : { text };
};

export function connectContactChange(snapshot: SnapshotFrom<typeof contactChangeMachine>): ContactChangeView {
  const { channel, current, value, resendIn, problem, notice, failure } = snapshot.context;
  const inCode = snapshot.matches('code');
  const step =
    snapshot.matches('editing') || snapshot.matches('sending')
      ? 'editing'
      : inCode
        ? 'code'
        : snapshot.matches('done')
          ? 'done'
          : 'closed';
  const fields = {
    value: refusal(failure?.fields[channel]),
    password: refusal(failure?.fields.password),
  };
  return {
    channel,
    current,
    step,
    value,
    busy: snapshot.matches('sending') || snapshot.matches({ code: { entry: 'confirming' } }),
    canResend: snapshot.matches({ code: { resend: 'ready' } }),
    resendIn: inCode ? resendIn : 0,
    problem: problem ? PROBLEM_IDS[problem] : null,
    fields,
    notice,
    failure: failure && !fields.value && !fields.password ? failure : null,
  };
}
