import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type PlanPreview, recoveryApi } from '../../../../api/recovery';
import type { PricingPlanInput } from '../../../../api/types';
import { ErrorState } from '../../../../components/ErrorState';
import { useMoney } from '../../../../components/Money';
import { formatDate } from '../../../../components/dates';
import { eventText, groupByDay, STEP_TONE } from './planPreview';

/** The sample order of a saved plan (GET …/pricing_plans/{id}/preview). */
export function SavedPlanPreview({ productId, planId }: { productId: number; planId: number }) {
  const preview = useQuery({
    queryKey: ['planPreview', productId, planId],
    queryFn: ({ signal }) => recoveryApi.planPreview(productId, planId, signal),
  });
  if (preview.isError) return <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />;
  if (!preview.data) return <PreviewSkeleton />;
  return <PreviewTimeline preview={preview.data} />;
}

/** The sample order of the terms typed into the editor's form, before they are saved (POST …/preview); waits
 * until the typing stops. Terms that are not complete yet show a hint instead. */
export function DraftPlanPreview({ productId, input }: { productId: number; input: PricingPlanInput | null }) {
  const { t } = useTranslation();
  const key = input === null ? null : JSON.stringify(input);
  const [debounced, setDebounced] = useState(key);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(key), 400);
    return () => window.clearTimeout(id);
  }, [key]);
  const preview = useQuery({
    queryKey: ['planPreview', productId, 'draft', debounced],
    queryFn: ({ signal }) => recoveryApi.termsPreview(productId, JSON.parse(debounced!) as PricingPlanInput, signal),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <Box data-testid="plan-preview-draft" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('planPreview.title')}
      </Typography>
      {input === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('planPreview.incomplete')}
        </Typography>
      ) : preview.isError ? (
        <Typography variant="body2" color="text.secondary">
          {t('planPreview.incomplete')}
        </Typography>
      ) : !preview.data ? (
        <PreviewSkeleton />
      ) : (
        <PreviewTimeline preview={preview.data} />
      )}
    </Box>
  );
}

function PreviewSkeleton() {
  return (
    <Stack spacing={1} data-testid="plan-preview-loading">
      <Skeleton />
      <Skeleton />
      <Skeleton />
    </Stack>
  );
}

/** A vertical timeline: one row per day with its date, each event's line and amount; the sample claim's days
 * are marked by their colour. */
export function PreviewTimeline({ preview }: { preview: PlanPreview }) {
  const { t } = useTranslation();
  const money = useMoney();
  const days = groupByDay(preview.events);
  const [d1, d2, d3] = preview.stageDays;
  return (
    <Box data-testid="plan-preview">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('planPreview.summary', {
          date: formatDate(preview.purchased),
          rate: preview.failingRate ?? 2,
          strategy: t(`billing.strategyName.${preview.strategy}`),
        })}{' '}
        {preview.strategy === 'inkasso'
          ? t('planPreview.inkassoAtOnce')
          : t('planPreview.stageDays', { first: d1, second: d2, third: d3 })}{' '}
        <Link component={RouterLink} to="/cabinet/claims">
          {t('planPreview.changeSettings')}
        </Link>
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {days.map((day, i) => (
          <Box component="li" key={day.on} sx={{ display: 'flex', gap: 1.5 }}>
            <Box
              sx={{
                width: { xs: 78, sm: 92 },
                flexShrink: 0,
                pt: 0.25,
                typography: 'body2',
                fontVariantNumeric: 'tabular-nums',
                color: day.claim ? 'text.primary' : 'text.secondary',
                fontWeight: day.claim ? 600 : 400,
              }}
            >
              {formatDate(day.on)}
            </Box>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flexShrink: 0 }}>
              <Box
                sx={{
                  width: 12,
                  height: 12,
                  mt: 0.6,
                  borderRadius: '50%',
                  bgcolor: `${STEP_TONE[day.events[0]!.step]}.main`,
                }}
              />
              {i < days.length - 1 ? <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', minHeight: 12 }} /> : null}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0, pb: 1.25 }}>
              {day.events.map((e) => {
                const { key, values } = eventText(e);
                const stage = e.stage ? t(`billing.stageName.${e.stage}`) : '';
                return (
                  <Stack
                    key={`${e.step}-${e.rate}-${e.stage ?? ''}`}
                    direction="row"
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                  >
                    <Typography variant="body2" sx={{ color: e.step === 'charge' ? 'text.primary' : `${STEP_TONE[e.step]}.main` }}>
                      {t(key, { ...values, stage })}
                      {e.step !== 'charge' && e.day > 0 ? (
                        <Typography component="span" variant="caption" color="text.secondary">
                          {' '}
                          · {t('planPreview.dayAfter', { count: e.day })}
                        </Typography>
                      ) : null}
                    </Typography>
                    {e.step === 'charge' || e.step === 'failed' || e.step === 'retry' ? (
                      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {money(e.amount, preview.currency)}
                      </Typography>
                    ) : null}
                  </Stack>
                );
              })}
            </Box>
          </Box>
        ))}
      </Box>
      <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
        {preview.openEnded
          ? t('planPreview.openEnded', { count: preview.charges })
          : t('planPreview.total', { total: money(preview.total, preview.currency) })}{' '}
        {t('planPreview.hardDecline')}
      </Alert>
    </Box>
  );
}
