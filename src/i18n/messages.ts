import type { MessageFormatElement } from 'react-intl';
import type ptBR from './pt-BR.json';

/** Every message id of the catalogs. pt-BR and en hold the same keys (a test checks). */
export type MessageId = keyof typeof ptBR;
/** Plain strings in tests and tools; ICU ASTs in the app (the build precompiles them). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;
