import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';
import { listed, PagedTable } from '../../components/PagedTable';
import { PayoutPanels } from '../../components/PayoutPanels';
import { formatDateTime } from '../../components/dates';
import type { Payee, PayoutRow } from './payees';
import { Page } from '../../components/Page';

/** A payee's balance, payout schedule, cashout and payouts (core §2 payouts_balance, payouts_settings, payouts on
 * one page): `/publish/payouts`, `/team_member/payouts`. */
export function PayoutsPage({ payee }: { payee: Payee }) {
  const { t } = useTranslation();
  const { Only } = payee;
  return (
    <Page title={t(`${payee.scope}.payoutsTitle`)}>
      <Only>
        <Details payee={payee} />
        <PayoutPanels source={{ queryKey: [payee.scope, 'payouts'], ...payee.payouts }} />
        <Payouts payee={payee} />
      </Only>
    </Page>
  );
}

function Payouts({ payee }: { payee: Payee }) {
  const { t } = useTranslation();
  const data = useQuery({ queryKey: [payee.scope, 'payouts'], queryFn: ({ signal }) => payee.payouts.load(signal), refetchInterval: 5000 });
  return (
    <PagedTable<PayoutRow>
      {...listed(data)}
      rowKey={(r) => r.number}
      empty={t('money.noPayouts')}
      label={t(`${payee.scope}.payoutsTitle`)}
      columns={[
        { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.createdAt) },
        { key: 'kind', label: t('money.kind'), render: (r) => t(`enums.payoutKind.${r.kind}`) },
        { key: 'state', label: t('orders.state'), render: (r) => `${t(`enums.payoutState.${r.state}`)}${r.reason ? ` · ${r.reason}` : ''}` },
        { key: 'iban', label: t('profile.fields.iban'), wide: true, render: (r) => r.iban },
        { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
      ]}
    />
  );
}

/** Before the first payout: the details, bank account and documents it needs, one step away. */
function Details({ payee }: { payee: Payee }) {
  const { t } = useTranslation();
  const data = useQuery({ queryKey: [payee.scope, 'payouts'], queryFn: ({ signal }) => payee.payouts.load(signal) });
  const reason = data.data?.waitingReason;
  if (reason !== 'not_legitimated' && reason !== 'no_bank_account') return null;
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to={`${payee.home}/profile/edit`} color="inherit" data-testid="payout-details">
          {t('publish.payoutDetailsGo')}
        </Button>
      }
    >
      {t('publish.payoutDetails')}
    </Alert>
  );
}
