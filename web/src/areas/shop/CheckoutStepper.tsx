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
  // a step this purchase skips (a plan change) is not shown at all
  const steps = CHECKOUT_STEPS.filter((step) => !skipped.includes(step));
  const index = done ? steps.length : steps.indexOf(active);
  return (
    <Stepper
      activeStep={index}
      alternativeLabel
      sx={{ mb: 3 }}
      data-testid="checkout-stepper"
      data-active-step={done ? 'done' : active}
    >
      {steps.map((step, i) => (
        <Step key={step} completed={i < index}>
          <StepLabel>{t(`shop.steps.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
