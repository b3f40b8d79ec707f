import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { PAGE_KEYS } from './PagesPage';

/** A shared theme's link (`?shared_theme_token=…&shared_theme_type=…`) opened in the cabinet: the theme's colours,
 * and applying it to the drafts of the seller's pages of its kind. */
export function SharedThemeDialog() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const token = params.get('shared_theme_token');
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('shared_theme_token');
    next.delete('shared_theme_type');
    setParams(next, { replace: true });
  };
  const shared = useQuery({
    queryKey: ['pages', 'shared', token],
    queryFn: ({ signal }) => sdk.getSharedTheme(token as string, { signal, suppressErrors: true }),
    enabled: Boolean(token),
    retry: false,
  });
  const apply = useMutation({
    mutationFn: () => sdk.applySharedTheme(token as string),
    onSuccess: (r) => {
      toast(t('builder.shared.applied', { count: r.pages }), 'success');
      void qc.invalidateQueries({ queryKey: PAGE_KEYS.list });
      close();
    },
  });
  if (!token) return null;
  const theme = shared.data?.theme;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" data-testid="shared-theme">
      <DialogTitle>{t('builder.shared.title')}</DialogTitle>
      <DialogContent>
        {shared.isError ? (
          <Alert severity="warning">{t('builder.shared.unknown')}</Alert>
        ) : theme ? (
          <Stack spacing={2}>
            <Typography>{t('builder.shared.body', { name: shared.data?.name, kind: t(`builder.themeKinds.${shared.data?.sharedThemeType}`) })}</Typography>
            <Stack direction="row" spacing={1} aria-hidden>
              {[theme.primaryColor, theme.backgroundColor, theme.textColor].map((c) => (
                <Box key={c} sx={{ width: 40, height: 40, borderRadius: 1, bgcolor: c, border: 1, borderColor: 'divider' }} />
              ))}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('builder.shared.note')}
            </Typography>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!theme || apply.isPending} onClick={() => apply.mutate()} data-testid="apply-shared-theme">
          {t('builder.shared.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
