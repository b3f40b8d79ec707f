import { useTranslation } from 'react-i18next';
import { StepTrack } from '../../components/StepTrack';

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
    <StepTrack
      labels={steps.map((step) => t(`shop.steps.${step}`))}
      active={index}
      below
      testId="checkout-stepper"
      activeName={done ? 'done' : active}
    />
  );
}
