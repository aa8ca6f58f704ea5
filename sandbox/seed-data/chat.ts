/**
 * A few chat messages per brand, so a first visit on a fresh database finds a room that is already talking
 * (the chat of a newcomer's `npm start` was empty). Players' messages are data, in the language
 * players of these brands write in; the house's welcome states the room's rules (openapi `x-chat-policy`).
 */
export interface SeedChatMessage {
  /** The author's e-mail (a seeded player of the brand), or null for the house. */
  author: string | null;
  /** The name a house message is shown under. */
  houseName?: string;
  text: string;
  /** How long before the seed's time it was said. */
  minutesAgo: number;
}

export const SEED_CHAT: Record<number, SeedChatMessage[]> = {
  1: [
    {
      author: null,
      houseName: 'Suporte Sorte Verde',
      text: 'Bem-vindos ao chat! Respeito sempre, sem links e sem palavrões. Jogue com responsabilidade.',
      minutesAgo: 26 * 60,
    },
    { author: 'bruno@sorteverde.test', text: 'Boa noite, galera! Alguém no Fortune Tiger hoje?', minutesAgo: 25 * 60 },
    { author: 'ana@sorteverde.test', text: 'Eu! Saiu uma carta de 50x agora há pouco 🐯', minutesAgo: 25 * 60 - 3 },
    { author: 'carla@sorteverde.test', text: 'Quem vai de Flamengo hoje no sportsbook?', minutesAgo: 95 },
    { author: 'bruno@sorteverde.test', text: 'Tô no Palmeiras, odd boa pra vitória em casa.', minutesAgo: 80 },
    { author: 'ana@sorteverde.test', text: 'Boa sorte pra todo mundo! 🍀', minutesAgo: 12 },
  ],
  2: [
    {
      author: null,
      houseName: 'Suporte Azul Bet',
      text: 'Olá! Este é o chat da Azul Bet: seja gentil, sem links. Precisa de ajuda? Fale com o suporte.',
      minutesAgo: 30 * 60,
    },
    { author: 'diego@azulbet.test', text: 'Alguém testou o Aviator hoje?', minutesAgo: 140 },
    { author: 'elisa@azulbet.test', text: 'Joguei de manhã, parei no 3x e saí no lucro 😄', minutesAgo: 120 },
    { author: 'diego@azulbet.test', text: 'Sábio. Vou tentar a roleta ao vivo agora.', minutesAgo: 18 },
  ],
};
