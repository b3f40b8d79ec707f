import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrors } from '../../api/errors';
import { shopApi } from '../../api/shop';
import type { CheckoutInput, CheckoutPage, PricingPlan, ShopOffer } from '../../api/types';
import { CountrySelect } from '../../components/CountrySelect';
import { useMoney } from '../../components/Money';
import { StepTrack } from '../../components/StepTrack';
import { TextInput } from '../../components/TextInput';
import { required, validateEmail } from '../../lib/validation';
import { BumpOffers } from './BumpOffers';
import { CouponBox, type Method, MethodChoice, OrderSummary } from './PaymentParts';
import { buyButtonLabel, TrustSeals } from './CheckoutExtras';
import { payWithCard, type PayPhase } from './payFlow';
import { sepaProblems } from './sepa';
import { missingOptIns, type OptIn, type OptInAnswers, OptInFields } from './OptInFields';
import { useAppConfig } from './useAppConfig';
import { useCardElement } from './useCardElement';
import { type CheckoutLegal, consentRequired, LegalConsent } from './legal/LegalConsent';
import { languageOf } from '../../i18n/languages';
import { addressNeeded, INVOICE_FIELDS, type InvoiceKey, invoiceDetails, refusedDetails } from './invoiceDetails';

type FieldKey = 'firstName' | 'lastName' | 'email';
/** Payer details, the Stripe card element and the pay button. Never submits twice. */
export function PaymentForm({
  username,
  slug,
  plan,
  optIns = [],
  bumps = [],
  bumpsGrouping = 'separate',
  offerTitle,
  page,
  productName,
  coverUrl,
  preview = false,
  methods = ['card'],
  mainRequired = true,
  sellerName,
  legal,
  productType,
}: {
  username: string;
  slug: string;
  plan: PricingPlan;
  optIns?: readonly OptIn[];
  bumps?: readonly ShopOffer[];
  bumpsGrouping?: string;
  offerTitle?: string | null | undefined;
  /** The checkout page's settings (core §3): layout, theme, trust seals, buyer details asked. */
  page?: CheckoutPage | undefined;
  productName?: string | undefined;
  coverUrl?: string | null | undefined;
  /** The seller's live preview of a checkout page: drawn as buyers see it, with no card field and no buying. */
  preview?: boolean;
  /** The payment methods this plan can be paid with (the seller's matrix): the card, a bank transfer. */
  methods?: readonly string[];
  /** False (mainProductRequired off): the buyer may untick the product and take only its bumps. */
  mainRequired?: boolean;
  /** Who the direct debit's mandate authorises. */
  sellerName?: string | undefined;
  /** The shop's documents linked beside the buy button, and whom the consent to begin at once is asked of. */
  legal?: CheckoutLegal | undefined;
  /** The product's type: its own cancellation terms where the seller wrote them. */
  productType?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const config = useAppConfig();
  const { state: cardState, stripe, card } = useCardElement(preview ? undefined : config.data?.stripeJsUrl, config.data?.stripePublishableKey);
  const [values, setValues] = useState<Record<FieldKey, string>>({ firstName: '', lastName: '', email: '' });
  const [country, setCountry] = useState('');
  const [answers, setAnswers] = useState<OptInAnswers>({});
  const [optInsMissing, setOptInsMissing] = useState<string[]>([]);
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  // what a business buyer's invoice needs (core §3 payer profile): company, VAT id and address
  const theme = page?.theme;
  const includeType = page?.includeType ?? 'minimal';
  const twoSteps = page?.layout === 'two_steps' || page?.layout === 'two_steps_advanced';
  const advanced = page?.layout === 'two_steps_advanced';
  const [stage, setStage] = useState<1 | 2>(1);
  const [method, setMethod] = useState<Method>('card');
  const wire = method === 'bank_wire' && methods.includes('bank_wire');
  const sepa = method === 'sepa' && methods.includes('sepa');
  const paypal = method === 'paypal' && methods.includes('paypal');
  const later = method === 'pay_later' && methods.includes('pay_later');
  const noCard = wire || sepa || paypal || later;
  const [account, setAccount] = useState({ iban: '', holder: '' });
  const [accountErrors, setAccountErrors] = useState<{ iban?: string; holder?: string }>({});
  const [business, setBusiness] = useState(includeType === 'business');
  const [invoice, setInvoice] = useState<Record<InvoiceKey, string>>({ company: '', vatId: '', leitwegId: '', street: '', streetNumber: '', zip: '', city: '' });
  // a business buyer (a company or VAT id given) is no consumer: the default rule asks them nothing
  const mustConsent = consentRequired(legal, country, business && Boolean(invoice.vatId.trim() || invoice.company.trim()));
  // a net-priced plan: what the buyer pays follows their country and VAT id (the API applies the invoice's rule)
  // a coupon (editor §3): typed, applied by asking the price with it; the checkout sends the applied one
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState<string | null>(null);
  const [couponOpen, setCouponOpen] = useState(false);
  // the order bumps ticked (their offer ids, in the order offered): paid with the main product's one charge
  const [chosen, setChosen] = useState<number[]>([]);
  const [takeMain, setTakeMain] = useState(true);
  const grouped = bumpsGrouping === 'grouped';
  // nothing is charged today (a test period or a start day to come): no bumps, the card is saved, not charged
  const deferred = plan.paymentType !== 'one_time' && plan.dueNow === 0;
  const bumpOffers = (deferred ? [] : bumps).map((o) =>
    // grouped, the bumps share one box at the page's upsell position (core §9 default: below the product details)
    grouped ? { ...o, position: theme?.upsellPosition ?? 'below_product_details' } : o,
  );
  const ticked = bumpOffers.filter((o) => chosen.includes(o.id)).map((o) => o.id);
  const mainLeftOut = !mainRequired && !takeMain && bumpOffers.length > 0;
  const toggleBump = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const vatQuery = {
    pricingPlanId: plan.id,
    ...(country ? { country } : {}),
    ...(business && invoice.vatId.trim() ? { vatId: invoice.vatId.trim(), company: invoice.company.trim() } : {}),
    ...(coupon ? { couponCode: coupon } : {}),
    ...(ticked.length ? { bumpIds: ticked.join(',') } : {}),
    ...(mainLeftOut ? { mainProduct: false } : {}),
  };
  const priced = plan.useNetPrice || coupon !== null || ticked.length > 0 || mainLeftOut;
  const price = useQuery({
    queryKey: ['shop', 'price', username, slug, vatQuery],
    queryFn: ({ signal }) => shopApi.price(username, slug, vatQuery, signal),
    enabled: priced && !preview,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const couponRefused = coupon !== null && price.isError ? ((price.error instanceof ApiError && price.error.reason) || 'coupon_unknown') : null;
  // until the price with the bumps is known, their list prices are added (the answer replaces it in a moment)
  const listed = (mainLeftOut ? 0 : plan.price) + bumpOffers.filter((o) => ticked.includes(o.id)).reduce((sum, o) => sum + o.price, 0);
  const payAmount = priced && price.data && !price.isPlaceholderData ? price.data.amount : listed;
  // the invoice names the buyer's address above 250 (§ 33 UStDV), for a business, or where the seller asks it
  const needsAddress = !preview && addressNeeded(payAmount, plan.currency, business, includeType === 'with_address');
  // a coupon took the whole price of a one-time plan: nothing to pay, no payment method asked
  const free = !preview && plan.paymentType === 'one_time' && priced && price.data !== undefined && !price.isPlaceholderData && payAmount === 0;
  const bumpsAt = (position: string) => (
    <BumpOffers offers={bumpOffers} position={position} grouping={bumpsGrouping} title={offerTitle} chosen={ticked} onToggle={toggleBump} disabled={busy} />
  );
  const [invoiceErrors, setInvoiceErrors] = useState<Partial<Record<InvoiceKey | 'country', string>>>({});
  const [touched, setTouched] = useState<Partial<Record<FieldKey, boolean>>>({});
  const [phase, setPhase] = useState<PayPhase | null>(null);
  const busy = phase !== null;
  const [error, setError] = useState<string | null>(null);
  const order = useRef<{ key: string; token: string } | null>(null);
  const working = useRef(false);

  const validators: Record<FieldKey, (v: string) => string | null> = { firstName: required, lastName: required, email: validateEmail };
  const errorOf = (key: FieldKey) => {
    const code = touched[key] ? validators[key](values[key]) : null;
    return code ? t(`validation.${code}`) : null;
  };
  const field = (key: FieldKey, testId: string) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    onBlur: () => setTouched((v) => ({ ...v, [key]: true })),
    error: Boolean(errorOf(key)),
    helperText: errorOf(key) ?? ' ',
    required: true,
    name: key,
    inputProps: { 'data-testid': testId },
  });

  /** The API refused a payer detail (a VAT id, the company it needs): the field says why, on the step it sits
   * on, and the message above the button names it in the buyer's language. False when it refused none. */
  const showRefused = (fields: Record<string, unknown> | undefined): boolean => {
    const refused = refusedDetails(fields);
    if (!refused) return false;
    setInvoiceErrors(refused);
    if (twoSteps) setStage(1);
    setError([t('shop.checkDetails'), ...Object.values(refused).map((k) => t(k))].join(' '));
    return true;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (working.current || preview) return;
    setTouched({ firstName: true, lastName: true, email: true });
    const invalid = (Object.keys(validators) as FieldKey[]).some((k) => validators[k](values[k]));
    const stripeClient = stripe.current;
    const cardElement = card.current;
    const { details, errors: missing } = invoiceDetails(business || needsAddress, invoice, country, needsAddress);
    setInvoiceErrors(missing);
    const unanswered = missingOptIns(optIns, answers);
    setOptInsMissing(unanswered);
    if (invalid || Object.keys(missing).length || unanswered.length) {
      if (twoSteps) setStage(1); // what is missing is on the first step
      return;
    }
    setConsentMissing(mustConsent && !consent);
    if (mustConsent && !consent) return;
    if (sepa && !free) {
      const problems = sepaProblems(account.iban, account.holder);
      setAccountErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, t(v)])));
      if (Object.keys(problems).length) return;
    }
    if (!noCard && !free && (!stripeClient || !cardElement)) return;
    working.current = true;
    setError(null);
    const payer = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      ...(country ? { country } : {}),
      ...details,
      locale: i18n.language.startsWith('de') ? ('de' as const) : ('en' as const),
    };
    const billing = { name: `${payer.firstName} ${payer.lastName}`, email: payer.email };
    try {
      // another try on this page (same payer and plan) continues the order the first try created
      const optInAnswers = Object.fromEntries(Object.entries(answers).filter(([, a]) => a !== '' && a !== false));
      const key = JSON.stringify([plan.id, payer, optInAnswers, coupon, ticked, mainLeftOut, consent]);
      const earlier = order.current?.key === key ? order.current.token : null;
      const checkoutBody = { pricingPlanId: plan.id, payer, optInAnswers, bumpIds: ticked, mainProduct: !mainLeftOut, ...(coupon && !couponRefused ? { couponCode: coupon } : {}), withdrawalConsent: consent, language: languageOf(i18n.language).code as CheckoutInput['language'] };
      // the order this try pays: the one an earlier try on this page made, or a new one
      const openOrder = async () => {
        const token = earlier ?? (await shopApi.checkout(username, slug, checkoutBody)).orderToken;
        order.current = { key, token };
        return token;
      };
      if (free) {
        // nothing to pay: the order is taken and delivered without a payment
        setPhase('checkout');
        const token = await openOrder();
        setPhase('paying');
        const answer = await shopApi.takeFree(username, token);
        if (answer.outcome === 'succeeded') {
          navigate(`/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}/thank_you/${encodeURIComponent(token)}`);
          return;
        }
        setError(answer.message ?? t('shop.paymentFailed'));
        return;
      }
      if (wire || later) {
        // a bank transfer (the order waits for it), or pay later (delivered now, the invoice paid by transfer): the
        // thank-you page shows what to transfer where, and by when
        setPhase('checkout');
        const token = await openOrder();
        await (later ? shopApi.payLater(username, token) : shopApi.bankWire(username, token));
        navigate(`/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}/thank_you/${encodeURIComponent(token)}`);
        return;
      }
      if (paypal) {
        // PayPal: the buyer approves at PayPal, which sends them back to the shop to finish the payment
        setPhase('checkout');
        const token = await openOrder();
        setPhase('paying');
        const answer = await shopApi.paypal(username, token);
        if (answer.approveUrl) {
          window.location.assign(answer.approveUrl);
          return;
        }
        if (answer.outcome === 'succeeded') {
          navigate(`/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}/thank_you/${encodeURIComponent(token)}`);
          return;
        }
        setError(answer.message ?? t('shop.paymentFailed'));
        return;
      }
      if (sepa) {
        // a direct debit: the IBAN and name are the mandate; the thank-you page follows the debit until it settles
        setPhase('checkout');
        const token = await openOrder();
        setPhase('paying');
        try {
          await shopApi.sepa(username, token, { iban: account.iban, accountHolder: account.holder });
        } catch (err) {
          const fields = err instanceof ApiError ? fieldErrors(err) : {};
          if (fields.iban || fields.accountHolder) {
            setAccountErrors({ ...(fields.iban ? { iban: t(fields.iban.includes('SEPA') ? 'shop.sepa.notSepa' : 'shop.sepa.ibanInvalid') } : {}), ...(fields.accountHolder ? { holder: t('validation.required') } : {}) });
            return;
          }
          throw err;
        }
        navigate(`/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}/thank_you/${encodeURIComponent(token)}`);
        return;
      }
      if (!stripeClient || !cardElement) return;
      const result = await payWithCard({
        checkout: () => shopApi.checkout(username, slug, checkoutBody),
        ...(earlier ? { reuse: { orderToken: earlier, renewSetup: (token: string) => shopApi.renewSetup(username, token) } } : {}),
        confirmCardSetup: (secret) => stripeClient.confirmCardSetup(secret, { payment_method: { card: cardElement, billing_details: billing } }),
        createPaymentMethod: () => stripeClient.createPaymentMethod({ type: 'card', card: cardElement, billing_details: billing }),
        pay: (token, paymentMethod) => shopApi.pay(username, token, paymentMethod),
        confirmCardPayment: (secret) => stripeClient.confirmCardPayment(secret),
        authenticated: (token) => shopApi.authenticated(username, token),
        onPhase: setPhase,
        chargedNow: !deferred,
      });
      // an order that could not continue (its checkout expired meanwhile) is left behind: the next try starts anew
      order.current = result.orderToken ? { key, token: result.orderToken } : null;
      if (result.ok) {
        navigate(`/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}/thank_you/${encodeURIComponent(result.orderToken)}`);
        return;
      }
      if (showRefused(result.fields)) return;
      const fallback = { authentication: 'shop.authFailed', cardInvalid: 'shop.cardInvalid' }[result.reason as string];
      setError(result.message ?? t(fallback ?? 'shop.paymentFailed'));
    } catch (err) {
      if (err instanceof ApiError && showRefused(err.fields)) return;
      setError(err instanceof ApiError && err.message ? err.message : t('shop.paymentFailed'));
    } finally {
      working.current = false;
      setPhase(null);
    }
  };

  const phaseText = phase === 'authenticating' ? t('shop.authenticating') : t('shop.processing');
  // two steps (core §3 layouts two_steps and two_steps_advanced): the buyer's details first, then the payment
  const toPayment = () => {
    setTouched({ firstName: true, lastName: true, email: true });
    const { errors: missing } = invoiceDetails(business || needsAddress, invoice, country, needsAddress);
    setInvoiceErrors(missing);
    const unanswered = missingOptIns(optIns, answers);
    setOptInsMissing(unanswered);
    const invalid = (Object.keys(validators) as FieldKey[]).some((k) => validators[k](values[k]));
    if (!invalid && !Object.keys(missing).length && !unanswered.length) setStage(2);
  };
  const addressOnly = !business && needsAddress;
  const invoiceFields = business ? INVOICE_FIELDS : addressOnly ? INVOICE_FIELDS.filter((f) => f.key !== 'company' && f.key !== 'vatId' && f.key !== 'leitwegId') : [];
  // the card's loading and failure notes do not concern a bank transfer
  const payLabel =
    deferred ? theme?.getForFreeText || t('shop.startWithoutCharge') : buyButtonLabel(theme?.buyButtonText, money(payAmount, plan.currency), t);
  const chosenBumps = bumpOffers.filter((o) => ticked.includes(o.id));

  return (
    <Grid container spacing={3} component="form" noValidate onSubmit={submit} data-testid="payment-form">
      <Grid size={{ xs: 12, md: advanced ? 7 : 12 }} sx={{ order: { xs: 2, md: 1 } }}>
      {twoSteps ? (
        <StepTrack labels={[t('shop.steps.details'), t('shop.steps.payment')]} active={stage - 1} testId="checkout-steps" />
      ) : null}
      <Box sx={{ display: twoSteps && stage === 2 ? 'none' : 'block' }}>
      {!mainRequired && bumpOffers.length ? (
        <FormControlLabel
          control={<Checkbox checked={takeMain} onChange={(e) => setTakeMain(e.target.checked)} disabled={busy} data-testid="take-main" />}
          label={t('shop.bumps.takeMain', { product: productName ?? plan.name, amount: money(plan.price, plan.currency) })}
          sx={{ mb: 1 }}
        />
      ) : null}
      {bumpsAt('below_product_details')}
      <Typography variant="h6" sx={{ mb: 2 }}>
        {t('shop.yourDetails')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput label={t('shop.firstName')} autoComplete="given-name" disabled={busy} {...field('firstName', 'payer-first-name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput label={t('shop.lastName')} autoComplete="family-name" disabled={busy} {...field('lastName', 'payer-last-name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <TextInput type="email" label={t('shop.email')} autoComplete="email" disabled={busy} {...field('email', 'payer-email')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <CountrySelect
            label={t('shop.country')}
            value={country}
            onChange={setCountry}
            emptyLabel={t('shop.noCountry')}
            helperText={invoiceErrors.country ? t(invoiceErrors.country) : t('shop.countryHelp')}
            error={Boolean(invoiceErrors.country)}
            disabled={busy}
            testId="payer-country"
          />
        </Grid>
        {optIns.length ? (
          <Grid size={12}>
            <OptInFields questions={optIns} answers={answers} onChange={setAnswers} missing={optInsMissing} disabled={busy} />
          </Grid>
        ) : null}
        <Grid size={12}>{bumpsAt('below_custom_fields')}</Grid>
        <Grid size={12}>
          <Button
            size="small"
            onClick={() => setBusiness((b) => !b)}
            aria-expanded={business}
            disabled={busy}
            data-testid="payer-business-toggle"
          >
            {business ? t('shop.businessHide') : t('shop.businessShow')}
          </Button>
        </Grid>
        {invoiceFields.length
          ? invoiceFields.map(({ key, label, autoComplete, sm }) => (
              <Grid key={key} size={{ xs: 12, sm }}>
                <TextInput
                  label={t(label)}
                  autoComplete={autoComplete}
                  disabled={busy}
                  value={invoice[key]}
                  onChange={(e: { target: { value: string } }) => setInvoice((v) => ({ ...v, [key]: e.target.value }))}
                  error={Boolean(invoiceErrors[key])}
                  helperText={invoiceErrors[key] ? t(invoiceErrors[key]) : key === 'vatId' ? t('shop.vatIdHelp') : key === 'leitwegId' ? t('shop.leitwegIdHelp') : ' '}
                  name={key}
                  inputProps={{ 'data-testid': `payer-${key}` }}
                />
              </Grid>
            ))
          : null}
      </Grid>
      {bumpsAt('below_payer_details')}
      {twoSteps ? (
        <Button variant="contained" size="large" fullWidth sx={{ mt: 2 }} onClick={toPayment} data-testid="to-payment">
          {t('shop.steps.continue')}
        </Button>
      ) : null}
      </Box>
      <Box sx={{ display: twoSteps && stage === 1 ? 'none' : 'block' }}>
      {twoSteps ? (
        <Button size="small" onClick={() => setStage(1)} disabled={busy} sx={{ mb: 1 }} data-testid="to-details">
          {t('shop.steps.back')}
        </Button>
      ) : null}
      <CouponBox
        input={couponInput}
        onInput={setCouponInput}
        open={couponOpen}
        onOpen={() => setCouponOpen(true)}
        applied={coupon}
        onApply={setCoupon}
        refused={couponRefused}
        discount={price.data ? (price.data.discount ?? 0) : undefined}
        currency={plan.currency}
        checking={price.isFetching}
        theme={theme}
        disabled={busy}
      />
      {bumpsAt('below_payment_options')}
      {free ? (
        <Alert severity="success" data-testid="free-note" sx={{ mb: 1 }}>
          {t('shop.free.note')}
        </Alert>
      ) : null}
      {free ? null : (
        <MethodChoice
          methods={methods}
          method={method}
          onMethod={setMethod}
          account={account}
          onAccount={(next, cleared) => {
            setAccount(next);
            setAccountErrors({ ...accountErrors, [cleared]: undefined });
          }}
          accountErrors={accountErrors}
          mandateFor={sellerName || username}
          disabled={busy}
        />
      )}
      <Typography variant="h6" sx={{ mt: 1, mb: 1, display: noCard || free ? 'none' : 'block' }} id="card-label">
        {t('shop.card')}
      </Typography>
      <Box
        sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: '#fff', minHeight: 48, '& input': { font: 'inherit', mr: 0.5, mb: 0.5, p: 0.5 }, display: noCard || free ? 'none' : 'block' }}
        role="group"
        aria-labelledby="card-label"
      >
        {/* Stripe owns this node's children: React renders nothing inside it. */}
        {preview ? (
          <Typography color="text.disabled" sx={{ fontFamily: 'monospace' }}>
            {t('shop.cardPlaceholder')}
          </Typography>
        ) : (
          <div id="card-element" data-testid="card-element" />
        )}
        {cardState === 'loading' && !preview ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={16} />
            <Typography variant="body2">{t('shop.cardLoading')}</Typography>
          </Stack>
        ) : null}
      </Box>
      {bumpsAt('below_payment_methods')}
      {!preview && (cardState === 'unavailable' || config.isError) ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('shop.cardUnavailable')}
        </Alert>
      ) : null}
      <LegalConsent
          username={username}
          productType={productType}
          legal={preview ? undefined : legal}
          checked={consent}
          onChange={(next) => {
            setConsent(next);
            if (next) setConsentMissing(false);
          }}
          required={mustConsent}
          missing={consentMissing}
          disabled={busy}
        />
      {bumpsAt('below_legal_text')}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="payment-error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{
          mt: 3,
          py: 1.5,
          ...(theme
            ? {
                bgcolor: theme.buyButtonColor,
                color: theme.buyButtonFontColor,
                borderRadius: `${theme.buyButtonBorderRadius}px`,
                '&:hover': { bgcolor: theme.buyButtonColor, filter: 'brightness(0.95)' },
              }
            : {}),
        }}
        startIcon={<LockIcon />}
        loading={busy}
        loadingPosition="start"
        disabled={busy || (cardState !== 'ready' && !preview && !noCard && !free) || (mainLeftOut && ticked.length === 0)}
        data-testid="pay-button"
        aria-busy={busy}
      >
        {busy ? phaseText : free ? t('shop.free.take') : later ? t('shop.payLater.order', { amount: money(payAmount, plan.currency) }) : wire ? t('shop.wire.order', { amount: money(payAmount, plan.currency) }) : sepa ? t('shop.sepa.pay', { amount: money(payAmount, plan.currency) }) : paypal ? t('shop.paypal.pay', { amount: money(payAmount, plan.currency) }) : payLabel}
      </Button>
      {page ? <TrustSeals page={page} ownSeal={coverUrl} /> : null}
      {plan.useNetPrice ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, textAlign: 'center' }} data-testid="pay-vat">
          {!price.data
            ? t('shop.netPlusVat')
            : price.data.vat > 0
              ? t('shop.inclVat', { vat: money(price.data.vat, plan.currency), net: money(price.data.net, plan.currency) })
              : t(`shop.noVat.${price.data.vatKind}`, { defaultValue: t('shop.noVat.exempt') })}
        </Typography>
      ) : null}
      </Box>
      </Grid>
      {advanced ? (
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: 1, md: 2 } }}>
          <OrderSummary
            productName={productName ?? plan.name}
            price={plan.price}
            currency={plan.currency}
            mainLeftOut={mainLeftOut}
            bumps={chosenBumps}
            coupon={coupon}
            discount={price.data?.discount}
            total={payAmount}
          />
        </Grid>
      ) : null}
    </Grid>
  );
}
