/**
 * Why the platform refuses an e-mail or phone change (/user/edit/access-data; POST
 * /profile/change-email|phone and …/confirm): the sandbox sends these pt-BR texts under the field, and the app
 * knows each one by its key to say it in the player's language (catalogue ids `profile.access.change.problem.*`).
 * Pure: no imports.
 */
export const CONTACT_CHANGE_REFUSALS = {
  wrongPassword: 'Senha incorreta.',
  noPassword: 'Sua conta não tem senha (entrada com o Google): crie uma senha antes de alterar seus dados de acesso.',
  sameEmail: 'Este já é o e-mail da sua conta.',
  samePhone: 'Este já é o telefone da sua conta.',
  takenEmail: 'Este e-mail não pode ser usado. Informe outro.',
  takenPhone: 'Este telefone não pode ser usado. Informe outro.',
  invalidPhone: 'Não foi possível validar o seu telefone',
  notMobile: 'Informe um celular: o código é enviado por SMS.',
  takenMeanwhile: 'Este endereço passou a ser usado por outra conta. Peça a alteração com outro.',
} as const;

export type ContactChangeRefusal = keyof typeof CONTACT_CHANGE_REFUSALS;

/** The key of a refusal text, or null for any other text. */
export function contactChangeRefusalOf(text: string): ContactChangeRefusal | null {
  const found = (Object.keys(CONTACT_CHANGE_REFUSALS) as ContactChangeRefusal[]).find(
    (key) => CONTACT_CHANGE_REFUSALS[key] === text,
  );
  return found ?? null;
}
