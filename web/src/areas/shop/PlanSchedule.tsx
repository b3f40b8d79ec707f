import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PricingPlan } from '../../api/types';
import { useMoney } from '../../components/Money';
import { formatDate } from '../../components/dates';
import { everyPeriod } from '../../lib/periods';

/** The whole payment schedule of a recurring plan, shown before the buyer pays: each rate with its date and
 * amount (the first twelve of an open-ended subscription, then "every … until you cancel"), and the total. */
export function PlanSchedule({ plan }: { plan: PricingPlan }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (plan.paymentType === 'one_time' || plan.schedule.length === 0) return null;
  const openEnded = plan.paymentsCount == null;
  const firstDue = plan.schedule[0]?.due;
  const shown = openEnded ? plan.schedule.slice(0, 3) : plan.schedule;
  return (
    <Box sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="plan-schedule">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('shop.schedule')}
      </Typography>
      {plan.dueNow === 0 && firstDue ? (
        <Typography variant="body2" color="success.main" sx={{ mb: 1 }} data-testid="due-now">
          {plan.testDays > 0
            ? t('shop.testPeriodFree', { count: plan.testDays, date: formatDate(firstDue) })
            : t('shop.startsOn', { date: formatDate(firstDue) })}
        </Typography>
      ) : null}
      <Stack spacing={0.25} sx={{ maxHeight: 220, overflowY: 'auto' }}>
        {shown.map((r) => (
          <Stack key={r.number} direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2">{t('shop.rateDue', { number: r.number, date: formatDate(r.due) })}</Typography>
            <Typography variant="body2">{money(r.amount, plan.currency)}</Typography>
          </Stack>
        ))}
      </Stack>
      {openEnded ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('shop.moreRates', { every: everyPeriod(plan.period, t) })}
        </Typography>
      ) : plan.total != null ? (
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1, fontWeight: 600 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{t('shop.total')}</Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{money(plan.total, plan.currency)}</Typography>
        </Stack>
      ) : null}
    </Box>
  );
}
