import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { Answer } from '../../../api/sdk';
import { SearchedList } from '../SearchedList';
import { formatDateTime } from '../../../components/dates';

type Row = Answer<'admin_legitimations'>['list'][number];

const STEPS = ['requested', 'in_review', 'registered', 'change', 'legitimated', 'rejected', 'head_quarter', 'legal_representative', 'documents', 'ubo'];

/** `/admin/bank_account_legitimations`: sellers by legitimation step, newest first, with search. */
export default function LegitimationsPage() {
  const { t } = useTranslation();
  return (
    <SearchedList<Row>
      title={t('nav.bankAccountLegitimations')}
      queryKey={['admin', 'legitimations']}
      fetch={adminApi.legitimations}
      filter={{
        name: 'step',
        label: t('legitimation.step'),
        all: t('legitimation.allSteps'),
        options: STEPS.map((s) => ({ value: s, label: t(`enums.legitimationStep.${s}`) })),
      }}
      rowKey={(r) => r.sellerId}
      empty={t('legitimation.empty')}
      columns={[
          {
            key: 'seller',
            label: t('legitimation.seller'),
            render: (r) => (
              <>
                <Link component={RouterLink} to={`/admin/bank_account_legitimations/${r.sellerId}`}>
                  {r.company || [r.firstName, r.lastName].filter(Boolean).join(' ') || r.username || r.email}
                </Link>
                <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                  {r.email}
                </Typography>
              </>
            ),
          },
          { key: 'type', label: t('profile.fields.businessType'), render: (r) => (r.businessType ? t(`enums.businessType.${r.businessType}`) : t('common.none')) },
          { key: 'step', label: t('legitimation.step'), render: (r) => t(`enums.legitimationStep.${r.step}`) },
          {
            key: 'level',
            label: t('legitimation.level'),
            wide: true,
            render: (r) => (r.verificationLevel ? t(`enums.verificationLevel.${r.verificationLevel}`) : t('common.none')),
          },
          { key: 'submitted', label: t('legitimation.submittedAt'), wide: true, render: (r) => formatDateTime(r.submittedAt) },
        ]}
    />
  );
}
