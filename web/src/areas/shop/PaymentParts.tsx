import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { useTranslation } from 'react-i18next';
import type { CheckoutPage, ShopOffer } from '../../api/types';
import { useMoney } from '../../components/Money';
import { TextInput } from '../../components/TextInput';

export type Method = 'card' | 'bank_wire' | 'sepa' | 'paypal' | 'pay_later';
type Theme = NonNullable<CheckoutPage['theme']>;
type Account = { iban: string; holder: string };
type AccountErrors = { iban?: string | undefined; holder?: string | undefined };

/** The payment methods as the seller offers them, each with its words (the card first). */
const METHOD_WORDS: readonly (readonly [Method, string])[] = [
  ['card', 'shop.methodCard'],
  ['paypal', 'shop.methodPaypal'],
  ['sepa', 'shop.methodSepa'],
  ['bank_wire', 'shop.methodWire'],
  ['pay_later', 'shop.methodPayLater'],
];

/** A coupon code: opened by a link, applied by asking the price with it; the API's refusal in the buyer's words. */
export function CouponBox({
  input,
  onInput,
  open,
  onOpen,
  applied,
  onApply,
  refused,
  discount,
  currency,
  checking,
  theme,
  disabled,
}: {
  input: string;
  onInput: (value: string) => void;
  open: boolean;
  onOpen: () => void;
  applied: string | null;
  onApply: (code: string) => void;
  refused: string | null;
  discount: number | undefined;
  currency: string;
  checking: boolean;
  theme: Theme | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Box sx={{ mb: 1 }} data-testid="coupon">
      {open || applied ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextInput
            label={t('shop.coupon.label')}
            value={input}
            disabled={disabled}
            onChange={(e: { target: { value: string } }) => onInput(e.target.value)}
            error={Boolean(refused)}
            helperText={
              refused
                ? t(`shop.coupon.refused.${refused}`, { defaultValue: t('shop.coupon.refused.coupon_unknown') })
                : applied && discount !== undefined
                  ? t('shop.coupon.applied', { amount: money(discount, currency) })
                  : ' '
            }
            name="coupon"
            inputProps={{ 'data-testid': 'coupon-code', maxLength: 60, autoCapitalize: 'characters' }}
          />
          <Button
            variant={theme ? 'contained' : 'outlined'}
            sx={{ mt: 1, flexShrink: 0, ...(theme ? { bgcolor: theme.couponButtonColor, color: theme.couponFontColor, borderRadius: `${theme.couponBorderRadius}px` } : {}) }}
            disabled={disabled || !input.trim()}
            loading={applied !== null && checking}
            onClick={() => onApply(input.trim())}
            data-testid="coupon-apply"
          >
            {t('shop.coupon.apply')}
          </Button>
        </Stack>
      ) : (
        <Button size="small" onClick={onOpen} disabled={disabled} data-testid="coupon-open">
          {t('shop.coupon.open')}
        </Button>
      )}
    </Box>
  );
}

/** The methods the seller offers for this plan (shown when there is a choice), and what the chosen one asks: the
 * account for a direct debit, a note for a transfer. */
export function MethodChoice({
  methods,
  method,
  onMethod,
  account,
  onAccount,
  accountErrors,
  mandateFor,
  disabled,
}: {
  methods: readonly string[];
  method: Method;
  onMethod: (m: Method) => void;
  account: Account;
  onAccount: (account: Account, cleared: keyof Account) => void;
  accountErrors: AccountErrors;
  mandateFor: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const offered = (m: Method) => method === m && methods.includes(m);
  return (
    <>
      {methods.some((m) => m !== 'card') ? (
        <RadioGroup row value={method} onChange={(e) => onMethod(e.target.value as Method)} aria-label={t('shop.paymentMethod')} sx={{ mb: 1 }} data-testid="pay-methods">
          {METHOD_WORDS.filter(([m]) => methods.includes(m)).map(([m, words]) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={t(words)} disabled={disabled} {...(m === 'card' ? {} : { 'data-testid': `method-${m}` })} />
          ))}
        </RadioGroup>
      ) : null}
      {offered('sepa') ? (
        <Stack spacing={1.5} sx={{ mb: 1 }} data-testid="sepa-fields">
          <TextInput label={t('shop.sepa.holder')} value={account.holder} onChange={(e) => onAccount({ ...account, holder: e.target.value }, 'holder')} error={Boolean(accountErrors.holder)} helperText={accountErrors.holder ?? ' '} autoComplete="name" disabled={disabled} inputProps={{ maxLength: 70, 'data-testid': 'sepa-holder' }} />
          <TextInput label={t('shop.sepa.iban')} value={account.iban} onChange={(e) => onAccount({ ...account, iban: e.target.value.toUpperCase() }, 'iban')} error={Boolean(accountErrors.iban)} helperText={accountErrors.iban ?? t('shop.sepa.ibanHelp')} disabled={disabled} inputProps={{ maxLength: 42, autoCapitalize: 'characters', spellCheck: false, 'data-testid': 'sepa-iban' }} />
          <Typography variant="caption" color="text.secondary" data-testid="sepa-mandate">
            {t('shop.sepa.mandate', { seller: mandateFor })}
          </Typography>
        </Stack>
      ) : null}
      {offered('bank_wire') ? (
        <Alert severity="info" icon={<AccountBalanceIcon />} data-testid="wire-note">
          {t('shop.wire.note')}
        </Alert>
      ) : null}
      {offered('pay_later') ? (
        <Alert severity="info" icon={<AccountBalanceIcon />} data-testid="pay-later-note">
          {t('shop.payLater.note')}
        </Alert>
      ) : null}
    </>
  );
}

/** The two-step advanced layout's summary beside the form: the product, the bumps, the coupon's discount, the total. */
export function OrderSummary({
  productName,
  price,
  currency,
  mainLeftOut,
  bumps,
  coupon,
  discount,
  total,
}: {
  productName: string;
  price: number;
  currency: string;
  mainLeftOut: boolean;
  bumps: readonly ShopOffer[];
  coupon: string | null;
  discount: number | undefined;
  total: number;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: 16 }} data-testid="order-summary">
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('shop.summary.title')}
      </Typography>
      <Stack spacing={0.5}>
        {mainLeftOut ? null : (
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography>{productName}</Typography>
            <Typography>{money(price, currency)}</Typography>
          </Stack>
        )}
        {bumps.map((o) => (
          <Stack key={o.id} direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography color="text.secondary">{o.productName}</Typography>
            <Typography color="text.secondary">{money(o.price, o.currency)}</Typography>
          </Stack>
        ))}
        {coupon && discount ? (
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography color="success.main">{t('shop.summary.discount', { code: coupon.toUpperCase() })}</Typography>
            <Typography color="success.main">−{money(discount, currency)}</Typography>
          </Stack>
        ) : null}
        <Divider sx={{ my: 1 }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('shop.summary.total')}</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="summary-total">
            {money(total, currency)}
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
