import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import * as sdk from '../../api/sdk.gen';
import { sessionApi } from '../../api/session';
import { formatDate } from '../../components/dates';

/** A payer's erasure (GDPR Art. 17): what goes, what the law keeps, a tick that it cannot be undone; refused while an
 * order still runs or the account does more than buy. */
export function ErasureCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [sure, setSure] = useState(false);
  const erase = useMutation({ mutationFn: () => sdk.payerErasure({ confirm: true }, { suppressErrors: true }) });
  const refused = erase.error instanceof ApiError ? (erase.error.fields?.orders ? 'payer.erase.running' : 'payer.erase.notOnlyPayer') : null;
  const leave = () => void sessionApi.signOut().then(() => navigate('/users/sign_in'));
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)} data-testid="payer-erase-open">
        {t('payer.erase.open')}
      </Button>
      <Dialog open={open} onClose={() => (erase.isSuccess ? leave() : setOpen(false))} fullWidth maxWidth="sm">
        <DialogTitle>{t('payer.erase.title')}</DialogTitle>
        <DialogContent>
          {erase.isSuccess ? (
            <Alert severity="success" data-testid="payer-erased">
              {erase.data.keptUntil ? t('payer.erase.doneKept', { date: formatDate(erase.data.keptUntil) }) : t('payer.erase.done')}
            </Alert>
          ) : (
            <>
              <Typography sx={{ mb: 1 }}>{t('payer.erase.what')}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('payer.erase.kept')}
              </Typography>
              <FormControlLabel
                control={<Checkbox checked={sure} onChange={(e) => setSure(e.target.checked)} slotProps={{ input: { 'data-testid': 'payer-erase-sure' } as never }} />}
                label={t('payer.erase.sure')}
              />
              {refused ? (
                <Alert severity="warning" sx={{ mt: 1 }} data-testid="payer-erase-refused">
                  {t(refused)}
                </Alert>
              ) : erase.isError ? (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {t('payer.data.failed')}
                </Alert>
              ) : null}
            </>
          )}
        </DialogContent>
        <DialogActions>
          {erase.isSuccess ? (
            <Button variant="contained" onClick={leave}>
              {t('common.close')}
            </Button>
          ) : (
            <>
              <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
              <Button color="error" variant="contained" disabled={!sure || erase.isPending} onClick={() => erase.mutate()} data-testid="payer-erase-confirm">
                {t('payer.erase.confirm')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
