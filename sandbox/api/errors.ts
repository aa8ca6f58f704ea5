import type { FieldErrors } from './contract';

/** An answer other than success, with the error body of spec §8. Thrown by handlers, sent by the app. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; errors?: FieldErrors } & Record<string, unknown>,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

export function fail(status: number, message: string, errors?: FieldErrors): never {
  throw new ApiError(status, errors ? { message, errors } : { message });
}

/** 422 with one message on one field (the client shows the flattened `errors`). */
export function fieldError(field: string, message: string, status = 422): never {
  fail(status, message, { [field]: [message] });
}

export const MESSAGES = {
  unauthenticated: 'Sessão expirada ou inexistente. Faça login novamente.',
  brandNotFound: 'Plataforma não encontrada.',
  routeNotFound: 'Rota não encontrada.',
  maintenance: 'Fazendo uma pausa para melhorar!',
  badRequest: 'Não foi possível ler a requisição.',
  tooManyRequests: 'Muitas tentativas. Aguarde um momento e tente novamente.',
  serverError: 'Erro interno do servidor. Tente novamente mais tarde.',
  required: 'Este é um campo obrigatório.',
  /** A withdrawal on a brand with `kyc` on, before every document is approved. */
  kycRequired:
    'Para sacar, verifique sua conta: envie seus documentos em Minha conta › Verificar conta e aguarde a aprovação.',
} as const;
