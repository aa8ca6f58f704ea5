import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** The catalog lookup of a component: `t('wallet.deposit.generate')`, `t('home.provider_games', { count })`. */
export function useT(): (id: string, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
