import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { CopyButton } from '../../components/CopyButton';
import { Money } from '../../components/Money';
import { listed, PagedTable } from '../../components/PagedTable';
import { formatDateTime } from '../../components/dates';
import { PublisherOnly, percent } from './usePublisher';
import { guardedPage } from '../../components/Page';

type Row = Answer<'publisher_programs'>['list'][number];
const COLORS = { requested: 'warning', accepted: 'success', rejected: 'error', canceled: 'default' } as const;

function Programs() {
  const { t, i18n } = useTranslation();
  const rows = useQuery({ queryKey: ['publish', 'programs'], queryFn: ({ signal }) => sdk.publisherPrograms({ signal }) });
  const link = (r: Row) => `${window.location.origin}${r.link}`;
  return (
    <PagedTable<Row>
      {...listed(rows)}
      rowKey={(r) => r.nodeId}
      empty={t('publish.programsEmpty')}
      columns={[
        {
          key: 'name',
          label: t('affiliates.program'),
          render: (r) => (
            <>
              <Typography variant="body2">{r.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {r.shop}
              </Typography>
            </>
          ),
        },
        { key: 'state', label: t('affiliates.state'), render: (r) => <Chip size="small" color={COLORS[r.state]} label={t(`affiliates.states.${r.state}`)} /> },
        { key: 'rate', label: t('affiliates.commission'), render: (r) => percent(r.terms.commissionBp, i18n.language) },
        { key: 'cookie', label: t('publish.cookieDays'), wide: true, render: (r) => t('publish.days', { count: r.terms.cookiesExpire }) },
        {
          key: 'link',
          label: t('publish.link'),
          render: (r) =>
            r.state === 'accepted' ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', maxWidth: 260 }} noWrap data-testid="publisher-link">
                  {link(r)}
                </Typography>
                <CopyButton text={link(r)} label={t('publish.link')} />
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('publish.linkAfterAccept')}
              </Typography>
            ),
        },
        {
          key: 'invite',
          label: t('publish.inviteLink'),
          wide: true,
          render: (r) =>
            r.state === 'accepted' && r.terms.stages > 1 ? (
              <CopyButton text={`${window.location.origin}/publish/affiliate_marketplace/${r.affiliateProgramId}?referrer_id=${r.link.split('epid=')[1] ?? ''}`} label={t('publish.inviteLink')} />
            ) : null,
        },
        { key: 'clicks', label: t('publish.clicks'), align: 'right', render: (r) => r.clicks },
        { key: 'orders', label: t('publish.orders'), align: 'right', render: (r) => r.orders },
        { key: 'earned', label: t('publish.earned'), align: 'right', render: (r) => <Money amount={r.earned} currency="eur" /> },
        { key: 'joined', label: t('publish.joinedAt'), wide: true, render: (r) => formatDateTime(r.joinedAt) },
      ]}
    />
  );
}

/** `/publish/affiliate_programs`: the programs the publisher joined, their link into each shop and what it did. */
export default guardedPage('publish.programsTitle', PublisherOnly, Programs);
