import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';

/** Checkout wizard steps of core §2. */
export const CHECKOUT_STEPS = ['method_selection', 'payment_selection', 'pricing_plans_update', 'success_page'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** `done`: the purchase is complete, so the last step shows as completed too. */
export function CheckoutStepper({
  active,
  skipped = [],
  done = false,
}: {
  active: CheckoutStep;
  skipped?: CheckoutStep[];
  done?: boolean;
}) {
  const { t } = useTranslation();
  const index = done ? CHECKOUT_STEPS.length : CHECKOUT_STEPS.indexOf(active);
  return (
    <Stepper
      activeStep={index}
      alternativeLabel
      sx={{ mb: 3 }}
      data-testid="checkout-stepper"
      data-active-step={done ? 'done' : active}
    >
      {CHECKOUT_STEPS.map((step, i) => (
        <Step key={step} completed={i < index && !skipped.includes(step)} disabled={skipped.includes(step)}>
          <StepLabel>{t(`shop.steps.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
