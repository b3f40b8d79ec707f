import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../api/types';
import { ErrorState } from '../../../components/ErrorState';
import { StatusChip } from '../../../components/StatusChip';
import { shopPath, useSellerUsername } from '../useSellerUsername';
import { DesignStep, KeyDetailsStep } from './editor/CertificateSteps';
import { TicketDesignStep } from './editor/TicketDesignStep';
import { CheckoutStep } from './editor/CheckoutStep';
import { ContentStep } from './editor/course/ContentStep';
import { DetailsStep } from './editor/DetailsStep';
import { DeliveryStep } from './editor/DeliveryStep';
import { FileStep } from './editor/FileStep';
import { LicenseKeysStep } from './editor/LicenseKeysStep';
import { ProductsStep } from './editor/ProductsStep';
import { TicketsStep } from './editor/TicketsStep';
import { UpsellStep } from './editor/UpsellStep';
import { shownStep, stepMissing, stepsFor, visibleSteps } from './editor/steps';
import { ProductWarnings } from './ProductWarnings';
import { productState } from './productState';
import { useProductAction } from './useProductAction';
import { productQueries } from './queries';

function StepContent({ step, product }: { step: string; product: Product }) {
  if (step === 'file_upload') return <FileStep product={product} />;
  if (step === 'checkout') return <CheckoutStep product={product} />;
  if (step === 'add_license_keys') return <LicenseKeysStep product={product} />;
  if (step === 'content') return <ContentStep product={product} />;
  if (step === 'products') return <ProductsStep product={product} />;
  if (step === 'ticket_details') return <TicketsStep product={product} />;
  if (step === 'key_details') return <KeyDetailsStep product={product} />;
  if (step === 'design') return product.form === 'event' ? <TicketDesignStep product={product} /> : <DesignStep product={product} />;
  if (step === 'upsell') return <UpsellStep product={product} />;
  if (step === 'delivery') return <DeliveryStep key={product.updatedAt} product={product} />;
  return <DetailsStep key={product.updatedAt} product={product} />;
}

/** `/cabinet/products/{id}/edit?step=N` */
export default function ProductEditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const username = useSellerUsername();
  const product = useQuery(productQueries.detail(id));
  const publish = useProductAction();

  if (product.isError) return <ErrorState error={product.error} onRetry={() => void product.refetch()} />;
  if (product.isPending) {
    return (
      <Stack spacing={2}>
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={280} />
      </Stack>
    );
  }

  const p = product.data;
  const steps = stepsFor(p.form);
  const shown = visibleSteps(steps, p.form);
  const active = shownStep(params.get('step'), steps, p.form);
  const goTo = (index: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (index === 0) next.delete('step');
      else next.set('step', String(index + 1));
      return next;
    });
  const link = p.shopUrl ?? shopPath(username, p.slug);
  // a rejection's note says it in full above: the warning list does not repeat it
  const warnings = (p.warnings ?? []).filter((w) => !(w === 'rejected' && p.reviewNote));

  return (
    <>
      <Link component={RouterLink} to="/cabinet/products" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <ArrowBackIcon fontSize="small" /> {t('editor.back')}
      </Link>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h4" component="h1" data-testid="editor-title">
            {p.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="editor-form">
            {t(`products.forms.${p.form}`)}
          </Typography>
        </Box>
        <StatusChip state={productState(p)} size="medium" />
        {link ? (
          <Button href={link} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
            {t('editor.shopLink')}
          </Button>
        ) : null}
        <Button
          variant="contained"
          onClick={() => publish.mutate({ id: p.id, action: 'publish' })}
          loading={publish.isPending}
          disabled={publish.isPending || p.isPublished || p.isArchived || p.published === 'publish_pending'}
          data-testid="publish-button"
        >
          {p.isPublished ? t('editor.published') : p.published === 'publish_pending' ? t('editor.awaitingReview') : p.published === 'rejected' ? t('editor.publishAgain') : t('editor.publish')}
        </Button>
      </Stack>
      {p.published === 'rejected' && p.reviewNote ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="review-note">
          <AlertTitle>{t('editor.rejectedTitle')}</AlertTitle>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {p.reviewNote}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('editor.rejectedHelp')}
          </Typography>
        </Alert>
      ) : null}
      {!p.sellable && warnings.length ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="editor-warnings">
          <AlertTitle>{t('editor.notSellable')}</AlertTitle>
          <ProductWarnings reasons={warnings} isFree={p.isFree} dense={false} />
        </Alert>
      ) : null}
      <Paper sx={{ p: 2, mb: 3, overflowX: 'auto' }}>
        <Stepper nonLinear activeStep={shown.findIndex((s) => s.index === active)} alternativeLabel>
          {shown.map(({ step, index }) => {
            const missing = stepMissing(step, p);
            return (
              <Step key={step} completed={missing === null}>
                <StepButton
                  onClick={() => goTo(index)}
                  data-testid={`step-${step}`}
                  optional={
                    missing ? (
                      <Typography variant="caption" color="text.secondary" data-testid={`step-missing-${step}`}>
                        {t(`editor.missing.${missing}`)}
                      </Typography>
                    ) : undefined
                  }
                >
                  {t(`editor.steps.${step}`)}
                </StepButton>
              </Step>
            );
          })}
        </Stepper>
      </Paper>
      <Box>
        <StepContent step={steps[active] ?? 'details'} product={p} />
      </Box>
    </>
  );
}
