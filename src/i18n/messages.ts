import type ptBR from './pt-BR.json';

/** Every message id of the catalogs. pt-BR and en hold the same keys (a test checks). */
export type MessageId = keyof typeof ptBR;
export type Messages = Record<MessageId, string>;
