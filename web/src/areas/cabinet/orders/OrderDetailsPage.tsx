import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { SubscriptionPanel } from '../billing/SubscriptionPanel';
import { RefundPanel } from '../money/RefundPanel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderDetails } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { useMoney } from '../../../components/Money';
import { StatusChip } from '../../../components/StatusChip';
import { isWorkflowFinished } from './workflow';
import { WorkflowProgress } from './WorkflowProgress';
import { orderQueries } from './queries';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: 2, height: '100%' }}>
      <Typography variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 140, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** `/cabinet/orders/{token}`: details, payments log, invoice, transfer and the checkout workflow (polled every 2 s). */
export default function OrderDetailsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const { token = '' } = useParams();
  const order = useQuery({
    ...orderQueries.detail(token),
    refetchInterval: (q) => (q.state.data && !isWorkflowFinished(q.state.data.workflow) ? 2000 : false),
  });

  const header = (
    <Link component={RouterLink} to="/cabinet/orders" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
      <ArrowBackIcon fontSize="small" /> {t('orders.back')}
    </Link>
  );

  if (order.isError) {
    return (
      <>
        {header}
        <ErrorState error={order.error} onRetry={() => void order.refetch()} />
      </>
    );
  }
  if (order.isPending) {
    return (
      <>
        {header}
        <Skeleton variant="text" width={360} height={48} />
        <Grid container spacing={2}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 4 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      </>
    );
  }

  const o: OrderDetails = order.data;
  return (
    <>
      {header}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-all' }}>
          {t('orders.detailsTitle', { token: o.token })}
        </Typography>
        <StatusChip state={o.paymentState} plan={o.periodType} size="medium" />
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          <Section title={t('orders.workflow')}>
            <WorkflowProgress workflow={o.workflow} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('orders.summary')}>
            <Row label={t('orders.product')}>
              {o.productName}
              {o.orderType && o.orderType !== 'standard' ? ` · ${t(`enums.orderType.${o.orderType}`)}` : ''}
            </Row>
            <Row label={t('orders.createdAt')}>{formatDateTime(o.createdAt)}</Row>
            <Row label={t('orders.payer')}>
              {o.payerName ?? '—'} {o.payerEmail ? `<${o.payerEmail}>` : ''}
            </Row>
            <Row label={t('orders.pricingPlan')}>{o.pricingPlanName ?? '—'}</Row>
            <Row label={t('orders.paymentForm')}>{t(`enums.paymentMethod.${o.paymentForm}`)}</Row>
            {o.couponCode ? (
              <Row label={t('orders.coupon')}>
                <span data-testid="order-coupon">{t('orders.couponOff', { code: o.couponCode, amount: money(o.discount ?? 0, o.currencyKey) })}</span>
              </Row>
            ) : null}
            <Row label={t('orders.total')}>{money(o.total, o.currencyKey)}</Row>
            <Row label={t('orders.paid')}>{money(o.paid, o.currencyKey)}</Row>
            {o.parentToken ? (
              <Row label={t('orders.partOf')}>
                <Link component={RouterLink} to={`/cabinet/orders/${o.parentToken}`} data-testid="order-parent">
                  {o.parentToken}
                </Link>
                {o.upsellType ? ` · ${t(`addons.kinds.${o.upsellType}`)}` : ''}
              </Row>
            ) : null}
            {o.related?.length ? (
              <Row label={t('orders.related')}>
                <Stack spacing={0.5} data-testid="order-related">
                  {o.related.map((x) => (
                    <span key={x.token}>
                      <Link component={RouterLink} to={`/cabinet/orders/${x.token}`}>
                        {x.productName}
                      </Link>
                      {` · ${x.upsellType ? t(`addons.kinds.${x.upsellType}`) : t(`enums.orderType.${x.orderType}`)} · ${money(x.total, x.currencyKey)} · `}
                      <StatusChip state={x.paymentState} />
                    </span>
                  ))}
                </Stack>
              </Row>
            ) : null}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2} sx={{ height: '100%' }}>
          <Section title={t('orders.invoice')}>
            {o.invoice ? (
              <div data-testid="order-invoice">
                <Row label={t('orders.invoiceNumber')}>{o.invoice.number}</Row>
                <Row label={t('orders.state')}>
                  <StatusChip state={o.invoice.state} />
                </Row>
                <Row label={t('orders.total')}>{money(o.invoice.total, o.invoice.currency)}</Row>
              </div>
            ) : (
              <Typography color="text.secondary">{t('orders.invoiceNone')}</Typography>
            )}
          </Section>
          <Section title={t('orders.transfer')}>
            {o.transfer ? (
              <div data-testid="order-transfer">
                <Row label={t('orders.transferId')}>{String(o.transfer.id)}</Row>
                <Row label={t('orders.state')}>
                  <StatusChip state={o.transfer.state} />
                </Row>
                <Row label={t('orders.amount')}>{money(o.transfer.amount, o.transfer.currency)}</Row>
              </div>
            ) : (
              <Typography color="text.secondary">{t('orders.transferNone')}</Typography>
            )}
          </Section>
          </Stack>
        </Grid>
        {o.periodType !== 'one_time' ? (
          <Grid size={{ xs: 12 }}>
            <Section title={t('billing.subscription')}>
              <SubscriptionPanel token={o.token} />
            </Section>
          </Grid>
        ) : null}
        <Grid size={{ xs: 12 }}>
          <Section title={t('money.refunds')}>
            <RefundPanel token={o.token} currency={o.currencyKey} trail={o.moneyTrail ?? []} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Section title={t('orders.payments')}>
            {o.payments.length === 0 ? (
              <EmptyState title={t('orders.paymentsEmpty')} />
            ) : (
              <TableContainer tabIndex={0} role="region" aria-label={t('common.table')}>
                <Table size="small" data-testid="payments-log">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('orders.createdAt')}</TableCell>
                      <TableCell>{t('orders.type')}</TableCell>
                      <TableCell>{t('orders.state')}</TableCell>
                      <TableCell>{t('orders.provider')}</TableCell>
                      <TableCell align="right">{t('orders.amount')}</TableCell>
                      <TableCell>{t('orders.reference')}</TableCell>
                      <TableCell>{t('orders.message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {o.payments.map((p) => (
                      <TableRow key={p.id}>
                        <TableCell>{formatDateTime(p.createdAt)}</TableCell>
                        <TableCell>{t(`enums.logType.${p.type}`)}</TableCell>
                        <TableCell>
                          <StatusChip state={p.state} />
                        </TableCell>
                        <TableCell>{t(`enums.provider.${p.provider}`)}</TableCell>
                        <TableCell align="right">{money(p.amount, p.currency)}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{p.providerRef ?? '—'}</TableCell>
                        <TableCell>{p.message ?? ''}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Section>
        </Grid>
      </Grid>
    </>
  );
}
