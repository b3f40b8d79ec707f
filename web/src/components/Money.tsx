import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/money';

export function useMoney(): (amount: number | null | undefined, currency: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return (amount, currency) => formatMoney(amount, currency, i18n.language);
}

export function Money({ amount, currency }: { amount: number | null | undefined; currency: string | null | undefined }) {
  const format = useMoney();
  return <span style={{ whiteSpace: 'nowrap' }}>{format(amount, currency)}</span>;
}
