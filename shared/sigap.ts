/**
 * National list checks (IN SPA/MF 31/2025, IN SPA/MF 22/2025; Portaria SPA/MF 2.217/2025), shared by the app (what
 * an "Impedido" player is told) and the sandbox (what it records and enforces). Pure: no imports.
 *
 * A CPF is consulted in SIGAP at sign-up, at the first sign-in of each São Paulo day and every 15 days. An
 * "Impedido" answer refuses a sign-up; an existing player is told why, may only withdraw for 2 days, and then the
 * balance is refunded to their own pix key and the account is closed (within the 3 days the rule allows).
 */

/** SIGAP's answers. */
export const SIGAP_STATUSES = ['nao_impedido', 'impedido_autoexclusao', 'impedido_beneficiario'] as const;
export type SigapStatus = (typeof SIGAP_STATUSES)[number];
export type SigapImpediment = Exclude<SigapStatus, 'nao_impedido'>;

/** How SIGAP words each answer (the QA panel's switch shows these). */
export const SIGAP_LABELS: Record<SigapStatus, string> = {
  nao_impedido: 'Não Impedido',
  impedido_autoexclusao: 'Impedido – Autoexclusão Centralizada',
  impedido_beneficiario: 'Impedido – Beneficiário',
};

export function isSigapStatus(value: unknown): value is SigapStatus {
  return typeof value === 'string' && (SIGAP_STATUSES as readonly string[]).includes(value);
}

export const isImpediment = (status: SigapStatus | null | undefined): status is SigapImpediment =>
  status === 'impedido_autoexclusao' || status === 'impedido_beneficiario';

/** IN SPA/MF 22/2025: the checks repeat every 15 days. */
export const SIGAP_PERIODIC_DAYS = 15;
export const SIGAP_PERIODIC_MS = SIGAP_PERIODIC_DAYS * 24 * 60 * 60_000;

/** IN SPA/MF 31/2025: 2 days to withdraw once "Impedido", then the balance is refunded (the account closed). */
export const SIGAP_WITHDRAW_DAYS = 2;
export const SIGAP_WITHDRAW_MS = SIGAP_WITHDRAW_DAYS * 24 * 60 * 60_000;

/** The error code of every refusal an "Impedido" answer causes (sign-up, sign-in once closed, deposit, stake). */
export const SIGAP_IMPEDIDO_CODE = 'SIGAP_IMPEDIDO';

/**
 * The consumer complaints site of the federal government a licensed operator links to (Lei 14.790/2023 art. 15;
 * the central self-exclusion platform's address is `NATIONAL_SELF_EXCLUSION_URL`, shared/self-exclusion.ts).
 */
export const CONSUMIDOR_GOV_URL = 'https://www.consumidor.gov.br/';
