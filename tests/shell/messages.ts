import en from '../../src/i18n/en.json';
import ptBR from '../../src/i18n/pt-BR.json';

export function messagesFor(lang: 'pt-BR' | 'en'): Record<string, string> {
  return (lang === 'en' ? en : ptBR) as Record<string, string>;
}
