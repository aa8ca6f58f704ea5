/**
 * Sandbox configuration, read once from the environment by the entry points
 * (never at import time by library code: pass it down).
 */
export interface PusherAppConfig {
  appId: string;
  key: string;
  secret: string;
}

export interface SandboxConfig {
  /** HTTP API (the contract of openapi/, mounted under /api) and the QA panel at /sandbox. */
  apiHost: string;
  apiPort: number;
  /** Pusher-protocol server (spec §7: local port 6001). */
  realtimeHost: string;
  realtimePort: number;
  pusher: PusherAppConfig;
  /** PGlite data folder (git-ignored); ignored when databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL connection string; when set the sandbox uses PostgreSQL instead of PGlite. */
  databaseUrl: string | undefined;
  /** Pix code lifetime (SANDBOX_PIX_EXPIRY_MS; default 5 minutes, spec §9); the QA panel can override it. */
  pixExpiryMs?: number | undefined;
  /** Demo mode: the sandbox bank pays every pix by itself after this delay (SANDBOX_PIX_AUTOPAY_MS). */
  pixAutopayMs?: number | undefined;
  /** Session idle timeout (SANDBOX_SESSION_IDLE_MS; default 2 hours): unused longer, a token answers 401. */
  sessionIdleMs?: number | undefined;
  /** Session absolute lifetime (SANDBOX_SESSION_MAX_MS; default 7 days) from sign-in, used or not. */
  sessionMaxMs?: number | undefined;
  /**
   * The sandbox game provider (sandbox/provider/): its own origin, so games run in a cross-origin iframe
   * (SANDBOX_PROVIDER_HOST, SANDBOX_PROVIDER_PORT; default 127.0.0.1:8788), and the secret it signs the
   * seamless-wallet calls with (SANDBOX_PROVIDER_SECRET). Optional for older callers: see `providerOf`.
   */
  providerHost?: string;
  providerPort?: number;
  providerSecret?: string;
  /** How long a raise or removal of a responsible-gaming limit waits (SANDBOX_LIMIT_COOLING_MS; default 24 h). */
  limitCoolingMs?: number | undefined;
  /** The least an indefinite self-exclusion lasts (SANDBOX_SELF_EXCLUSION_WAIT_MS; default 30 days). */
  selfExclusionWaitMs?: number | undefined;
  /**
   * Where the players' verification documents are kept (SANDBOX_DOCUMENTS_DIR; default `documents` in the data
   * folder, so `--fresh` empties it with the database). Never served by a public path.
   */
  documentsDir?: string | undefined;
  /** Where players' avatars are kept (SANDBOX_AVATARS_DIR; default `avatars` in the data folder); served as images. */
  avatarsDir?: string | undefined;
}

/** The avatars folder with its default (`avatarsDir`, else `<dataDir>/avatars`). */
export function avatarsDirOf(config: Pick<SandboxConfig, 'dataDir' | 'avatarsDir'>): string {
  return config.avatarsDir ?? `${config.dataDir}/avatars`;
}

/** The documents folder with its default (`documentsDir`, else `<dataDir>/documents`). */
export function documentsDirOf(config: Pick<SandboxConfig, 'dataDir' | 'documentsDir'>): string {
  return config.documentsDir ?? `${config.dataDir}/documents`;
}

export const DEFAULT_LIMIT_COOLING_MS = 24 * 60 * 60_000;
export const DEFAULT_SELF_EXCLUSION_WAIT_MS = 30 * 24 * 60 * 60_000;

/** The responsible-gaming waiting periods with their defaults. */
export function responsibleGamingOf(config: Pick<SandboxConfig, 'limitCoolingMs' | 'selfExclusionWaitMs'>) {
  return {
    coolingMs: config.limitCoolingMs ?? DEFAULT_LIMIT_COOLING_MS,
    exclusionWaitMs: config.selfExclusionWaitMs ?? DEFAULT_SELF_EXCLUSION_WAIT_MS,
  };
}

export const DEFAULT_PROVIDER_PORT = 8788;
export const DEFAULT_PROVIDER_SECRET = 'sandbox-provider-secret';

/** The provider's settings with their defaults, and the public URL its launch links use. */
export function providerOf(config: Pick<SandboxConfig, 'providerHost' | 'providerPort' | 'providerSecret'>) {
  const host = config.providerHost ?? '127.0.0.1';
  const port = config.providerPort ?? DEFAULT_PROVIDER_PORT;
  const publicHost = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  return {
    host,
    port,
    secret: config.providerSecret ?? DEFAULT_PROVIDER_SECRET,
    publicUrl: `http://${publicHost}:${port}`,
  };
}

export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    apiHost: env.SANDBOX_HOST ?? '127.0.0.1',
    apiPort: Number(env.SANDBOX_API_PORT ?? 8787),
    realtimeHost: env.SANDBOX_REALTIME_HOST ?? '127.0.0.1',
    realtimePort: Number(env.SANDBOX_REALTIME_PORT ?? 6001),
    pusher: {
      appId: env.PUSHER_APP_ID ?? '1001',
      key: env.PUSHER_APP_KEY ?? 'casino-local-key',
      secret: env.PUSHER_APP_SECRET ?? 'casino-local-secret',
    },
    dataDir: env.SANDBOX_DATA_DIR ?? '.sandbox-data/pglite',
    databaseUrl: env.DATABASE_URL || undefined,
    pixExpiryMs: positiveMs(env.SANDBOX_PIX_EXPIRY_MS),
    pixAutopayMs: positiveMs(env.SANDBOX_PIX_AUTOPAY_MS, true),
    sessionIdleMs: positiveMs(env.SANDBOX_SESSION_IDLE_MS),
    sessionMaxMs: positiveMs(env.SANDBOX_SESSION_MAX_MS),
    providerHost: env.SANDBOX_PROVIDER_HOST ?? '127.0.0.1',
    providerPort: Number(env.SANDBOX_PROVIDER_PORT ?? DEFAULT_PROVIDER_PORT),
    providerSecret: env.SANDBOX_PROVIDER_SECRET ?? DEFAULT_PROVIDER_SECRET,
    limitCoolingMs: positiveMs(env.SANDBOX_LIMIT_COOLING_MS) ?? DEFAULT_LIMIT_COOLING_MS,
    selfExclusionWaitMs: positiveMs(env.SANDBOX_SELF_EXCLUSION_WAIT_MS) ?? DEFAULT_SELF_EXCLUSION_WAIT_MS,
    documentsDir: env.SANDBOX_DOCUMENTS_DIR || undefined,
    avatarsDir: env.SANDBOX_AVATARS_DIR || undefined,
  };
}

function positiveMs(value: string | undefined, allowZero = false): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const ms = Number(value);
  return Number.isInteger(ms) && (ms > 0 || (allowZero && ms === 0)) ? ms : undefined;
}
