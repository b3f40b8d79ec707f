import { everyPeriod } from '../../lib/periods';
import { ticketWhen } from '../../lib/zoned';
import { PlanSchedule } from './PlanSchedule';
import { Tracking } from './tracking/Tracking';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PricingPlan, ShopProduct } from '../../api/types';
import { useMoney } from '../../components/Money';
import { CheckoutStepper } from './CheckoutStepper';
import { PaymentForm } from './PaymentForm';

/** The single plan to select automatically: exactly one one-time plan. */
/** The words of each payment method the plan takes, as the checkout names them. */
const METHOD_WORDS: Record<string, string> = { card: 'shop.methodCard', bank_wire: 'shop.methodWire', sepa: 'shop.methodSepa', paypal: 'shop.methodPaypal', pay_later: 'shop.methodPayLater' };

export function autoSelectedPlan(plans: PricingPlan[]): PricingPlan | null {
  return plans.length === 1 && plans[0]!.paymentType === 'one_time' ? plans[0]! : null;
}

/**
 * Checkout wizard (core §2): method selection → payment selection → pricing plans update → success page.
 * With a single one-time plan and card as the only method, method selection is done automatically.
 */
export function CheckoutWizard({ username, product, linkedPlanId = null }: { username: string; product: ShopProduct; linkedPlanId?: number | null }) {
  const { t, i18n } = useTranslation();
  const methodNames = (methods: readonly string[] | undefined) =>
    (methods ?? ['card']).map((m) => t(METHOD_WORDS[m] ?? 'shop.methodCard')).join(', ');
  const money = useMoney();
  const auto = autoSelectedPlan(product.pricingPlans);
  // an event's plan whose ticket is sold out or over cannot be chosen: the first open one is
  const open = product.pricingPlans.filter((p) => {
    const ticket = p.ticketId ? product.tickets?.find((x) => x.id === p.ticketId) : undefined;
    return !(ticket && (ticket.soldOut || ticket.over));
  });
  // a plan's own link (`?plan_id=`, from the seller's product links) opens its payment step when it is open
  const linked = open.find((p) => p.id === linkedPlanId) ?? null;
  const [planId, setPlanId] = useState<number | null>(linked?.id ?? auto?.id ?? open[0]?.id ?? null);
  const [confirmed, setConfirmed] = useState(linked !== null || auto !== null);
  const plan = product.pricingPlans.find((p) => p.id === planId) ?? null;
  const twoSteps = product.checkout?.layout === 'two_steps' || product.checkout?.layout === 'two_steps_advanced';

  if (!product.sellable || product.pricingPlans.length === 0) {
    return (
      <Alert severity="warning" data-testid="not-sellable">
        {t('shop.notSellable')}
      </Alert>
    );
  }

  return (
    <>
      <Tracking
        username={username}
        page="checkout"
        sale={{ value: plan?.price ?? product.displayPrice ?? 0, currency: plan?.currency ?? product.currency ?? 'eur', itemId: product.slug, itemName: product.name }}
      />
      {/* a two-step page numbers its own steps: one stepper on the page, not two */}
      {twoSteps ? null : <CheckoutStepper active={confirmed ? 'payment_selection' : 'method_selection'} skipped={['pricing_plans_update']} />}
      {!confirmed || !plan ? (
        <Stack spacing={2}>
          <Typography variant="h6">{t('shop.choosePlan')}</Typography>
          <RadioGroup value={planId === null ? '' : String(planId)} onChange={(e) => setPlanId(Number(e.target.value))}>
            {product.pricingPlans.map((p) => {
              const ticket = p.ticketId ? product.tickets?.find((x) => x.id === p.ticketId) : undefined;
              const closed = Boolean(ticket && (ticket.soldOut || ticket.over));
              return (
                <FormControlLabel
                  key={p.id}
                  value={String(p.id)}
                  control={<Radio />}
                  disabled={closed}
                  label={
                    <>
                      {`${p.name} — ${money(p.price, p.currency)}${p.period && p.paymentType !== 'one_time' ? ` · ${everyPeriod(p.period, t)}` : ''}`}
                      {ticket ? (
                        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                          {ticketWhen(ticket, i18n.language, t('events.anyDay'))}
                          {ticket.location ? ` · ${ticket.location}` : ticket.online ? ` · ${t('events.onlineChip')}` : ''}
                          {ticket.soldOut ? ` · ${t('events.soldOut')}` : ticket.over ? ` · ${t('events.over')}` : ''}
                        </Typography>
                      ) : null}
                    </>
                  }
                  data-testid={`plan-${p.id}`}
                />
              );
            })}
          </RadioGroup>
          <Typography variant="body2" color="text.secondary">
            {t('shop.paymentMethod')}: {methodNames(product.paymentMethods?.find((x) => x.pricingPlanId === planId)?.methods)}
          </Typography>
          <div>
            <Button variant="contained" disabled={!plan} onClick={() => setConfirmed(true)} data-testid="plan-continue">
              {t('common.continue')}
            </Button>
          </div>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }} data-testid="selected-plan">
            <Typography>
              {plan.name}
              <Typography component="span" color="text.secondary" variant="body2">
                {' '}
                · {t(`editor.planTypes.${plan.paymentType}`, { defaultValue: t('shop.oneTime') })} · {methodNames(product.paymentMethods?.find((x) => x.pricingPlanId === plan.id)?.methods)}
              </Typography>
            </Typography>
            {product.pricingPlans.length > 1 ? (
              <Button size="small" onClick={() => setConfirmed(false)}>
                {t('common.back')}
              </Button>
            ) : null}
          </Stack>
          <PlanSchedule plan={plan} />
          <PaymentForm username={username} slug={product.slug} plan={plan} optIns={product.optIns ?? []} bumps={product.bumps ?? []}
            bumpsGrouping={product.bumpsGrouping ?? 'separate'}
            offerTitle={product.upsellTitle}
            page={product.checkout}
            mainRequired={product.mainProductRequired ?? true}
            sellerName={product.sellerName}
            methods={product.paymentMethods?.find((x) => x.pricingPlanId === plan.id)?.methods ?? ['card']}
            productName={product.name}
            coverUrl={product.cover?.variants[0]?.url ?? null}
            legal={product.legal}
            productType={product.form}
          />
        </Stack>
      )}
    </>
  );
}
