import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { ApiError } from '../../../api/errors';
import { toast } from '../../../app/notify';
import { CountrySelect } from '../../../components/CountrySelect';
import { buyerLines, linesError } from './correction';
import { moneyKeys } from './queries';

/** A finalised invoice is never changed: the correction cancels it by a credit memo and issues a corrected
 * invoice with the new buyer block (and the VAT its country calls for). */
export function CorrectInvoiceDialog({ invoice, onClose }: { invoice: { id: number; number: number } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [country, setCountry] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = linesError(text);
  const correct = useMutation({
    mutationFn: (id: number) => cabinetApi.correctInvoice(id, { buyerLines: buyerLines(text), buyerCountry: country || null }),
    onSuccess: (r) => {
      toast(t('money.correctedDone', { reversal: r.reversalNumber, corrected: r.correctedNumber }), 'success');
      void qc.invalidateQueries({ queryKey: moneyKeys.all });
      setText('');
      setCountry('');
      setTouched(false);
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : t('toast.error')),
  });
  const submit = () => {
    setTouched(true);
    if (problem || !invoice) return;
    setError(null);
    correct.mutate(invoice.id);
  };
  return (
    <Dialog open={invoice !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{invoice ? t('money.correctTitle', { number: invoice.number }) : ''}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">{t('money.correctExplain')}</Alert>
          <TextField
            label={t('money.buyerLines')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={3}
            maxRows={6}
            error={touched && problem !== null}
            helperText={touched && problem ? t(`money.${problem}`) : t('money.buyerLinesHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'correction-lines' } }}
          />
          <CountrySelect
            label={t('money.country')}
            value={country}
            onChange={setCountry}
            emptyLabel={t('money.noCountry')}
            helperText={t('money.countryHelp')}
            testId="correction-country"
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={correct.isPending} data-testid="correction-submit">
          {t('money.issue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
