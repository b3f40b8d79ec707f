import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { ApiError, fieldErrors } from '../../../api/errors';
import { toast } from '../../../app/notify';
import { CountrySelect } from '../../../components/CountrySelect';
import { MAX_LINES, buyerLines, correctionBody, linesError, liveLinesError } from './correction';
import { moneyKeys } from './queries';

type Invoice = { id: number; number: number };

/** The first server message of a field, also when it names one of its items (`buyerLines.2`). */
function serverError(fields: Record<string, string>, name: string): string | null {
  const key = Object.keys(fields).find((k) => k === name || k.startsWith(`${name}.`) || k.startsWith(`${name}[`));
  return key ? (fields[key] ?? null) : null;
}

/** A finalised invoice is never changed: the correction cancels it by a credit memo and issues a corrected
 * invoice with the new buyer block (and the VAT its country calls for). The form starts empty at every opening. */
export function CorrectInvoiceDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [country, setCountry] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // the invoice stays on screen while the dialog fades out; a new opening starts with an empty form
  const [opened, setOpened] = useState<Invoice | null>(null);
  const [shown, setShown] = useState<Invoice | null>(null);
  if (invoice !== opened) {
    setOpened(invoice);
    if (invoice) {
      setShown(invoice);
      setText('');
      setCountry('');
      setTouched(false);
      setError(null);
    }
  }
  const correct = useMutation({
    mutationFn: (id: number) => cabinetApi.correctInvoice(id, correctionBody(text, country)),
    onSuccess: (r) => {
      toast(t('money.correctedDone', { reversal: r.reversalNumber, corrected: r.correctedNumber }), 'success');
      void qc.invalidateQueries({ queryKey: moneyKeys.all });
      onClose();
    },
    onError: (e) => setError(e),
  });
  const busy = correct.isPending;
  const problem = liveLinesError(text, touched);
  const fields = fieldErrors(error);
  const linesServer = serverError(fields, 'buyerLines');
  const countryServer = serverError(fields, 'buyerCountry');
  const count = buyerLines(text).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (busy || linesError(text) || !invoice) return;
    setError(null);
    correct.mutate(invoice.id);
  };
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog
      open={invoice !== null}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="correct-invoice-title"
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id="correct-invoice-title">{shown ? t('money.correctTitle', { number: shown.number }) : ''}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info">{t('money.correctExplain')}</Alert>
            <TextField
              label={t('money.buyerLines')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              multiline
              minRows={3}
              maxRows={8}
              disabled={busy}
              error={problem !== null || linesServer !== null}
              helperText={
                problem
                  ? t(`money.${problem}`)
                  : (linesServer ?? `${t('money.buyerLinesHelp')} (${count}/${MAX_LINES})`)
              }
              slotProps={{ htmlInput: { 'data-testid': 'correction-lines' } }}
            />
            <CountrySelect
              label={t('money.country')}
              value={country}
              onChange={setCountry}
              emptyLabel={t('money.noCountry')}
              helperText={countryServer ?? t('money.countryHelp')}
              error={countryServer !== null}
              disabled={busy}
              testId="correction-country"
            />
            {error ? (
              <Alert severity="error" role="alert" data-testid="correction-error">
                {error instanceof ApiError && error.message ? error.message : t('toast.error')}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} data-testid="correction-submit">
            {t('money.issue')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
