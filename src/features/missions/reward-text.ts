import { useIntl } from 'react-intl';
import type { Mission } from '../../../machines/missions/missions.types';
import { formatBRL } from '../../../shared/money';

/**
 * A mission's reward in the player's language: money in BRL, free spins, or loyalty points (what a regulated brand's
 * missions pay: Portaria SPA/MF 1.231/2024 art. 43).
 */
export function useRewardText() {
  const intl = useIntl();
  return (m: Pick<Mission, 'reward_kind' | 'reward'>) =>
    m.reward_kind === 'free_spins'
      ? intl.formatMessage({ id: 'missions.reward.spins' }, { count: m.reward })
      : m.reward_kind === 'points'
        ? intl.formatMessage({ id: 'missions.reward.points' }, { count: m.reward })
        : formatBRL(intl.locale, m.reward);
}

/** The goal in words: "Aposte R$ 50,00" or "Jogue 10 rodadas". */
export function useGoalText() {
  const intl = useIntl();
  return (m: Pick<Mission, 'goal_kind' | 'goal' | 'progress'>) =>
    m.goal_kind === 'rounds'
      ? intl.formatMessage({ id: 'missions.goal.rounds' }, { progress: m.progress, goal: m.goal })
      : intl.formatMessage(
          { id: 'missions.goal.bet_total' },
          { progress: formatBRL(intl.locale, m.progress), goal: formatBRL(intl.locale, m.goal) },
        );
}
