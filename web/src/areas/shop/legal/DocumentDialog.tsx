import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../../api/sdk.gen';
import { languageOf } from '../../../i18n/languages';

/** One of the shop's legal documents over the checkout (its text as the seller wrote it, never as markup). */
export default function DocumentDialog({
  username,
  document,
  productType,
  onClose,
}: {
  username: string;
  document: string;
  productType: string | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n.language).code;
  const doc = useQuery({
    queryKey: ['shop', 'document', username, document, productType, lang],
    queryFn: ({ signal }) =>
      sdk.getShopDocument(username, document as Parameters<typeof sdk.getShopDocument>[1], { lang, ...(productType ? { productType: productType as never } : {}) }, { signal, suppressErrors: true }),
    retry: false,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="document-title">
      <DialogTitle id="document-title">{t(`storefront.documents.${document}`)}</DialogTitle>
      <DialogContent dividers data-testid="document-dialog">
        {doc.isPending ? <CircularProgress size={24} aria-label={t('common.loading')} /> : null}
        {doc.isError ? <Alert severity="error">{t('shop.legal.loadFailed')}</Alert> : null}
        {doc.data ? (
          <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {doc.data.text}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="document-close">
          {t('shop.legal.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
