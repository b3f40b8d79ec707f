import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { Answer } from '../../../api/sdk';
import { SearchedList } from '../SearchedList';
import { formatDateTime } from '../../../components/dates';

type Row = Answer<'admin_bank_accounts'>['list'][number];

const GROUPS = ['activated', 'pending', 'rejected'];

/** `/admin/bank_accounts`: every seller's bank account by state group (core §4), with search (name, e-mail, IBAN). */
export default function BankAccountsPage() {
  const { t } = useTranslation();
  return (
    <SearchedList<Row>
      title={t('nav.bankAccounts')}
      queryKey={['admin', 'bankAccounts']}
      fetch={adminApi.bankAccounts}
      filter={{
        name: 'group',
        label: t('legitimation.group'),
        all: t('legitimation.allGroups'),
        options: GROUPS.map((g) => ({ value: g, label: t(`legitimation.groups.${g}`) })),
        minWidth: 200,
      }}
      rowKey={(r) => r.id}
      empty={t('legitimation.noBankAccounts')}
      columns={[
          {
            key: 'holder',
            label: t('profile.fields.holder'),
            render: (r) => (
              <>
                {r.holder}
                <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                  {r.username ?? r.email}
                </Typography>
              </>
            ),
          },
          { key: 'iban', label: t('profile.fields.iban'), render: (r) => `${r.iban} · ${r.bic}` },
          { key: 'kind', label: t('profile.fields.kind'), wide: true, render: (r) => t(`enums.bankAccountType.${r.kind}`) },
          { key: 'state', label: t('legitimation.state'), render: (r) => t(`enums.bankAccountState.${r.state}`) },
          { key: 'created', label: t('legitimation.createdAt'), wide: true, render: (r) => formatDateTime(r.createdAt) },
        ]}
    />
  );
}
