import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExtraBought } from '../../api/types';
import { useMoney } from '../../components/Money';
import { StatusChip } from '../../components/StatusChip';

/** The bumps paid with the order and the upsells bought after it: each with its price, state and delivery. */
export function ExtrasList({ extras, username }: { extras: readonly ExtraBought[]; username: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!extras.length) return null;
  return (
    <Paper variant="outlined" sx={{ width: '100%', textAlign: 'left' }} data-testid="extras">
      <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1, display: 'block' }}>
        {t('shop.extras.title')}
      </Typography>
      <List dense disablePadding>
        {extras.map((x) => (
          <ListItem key={x.token} divider data-testid={`extra-${x.productName}`} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText primary={x.productName} secondary={`${t(`shop.extras.kind.${x.upsellType}`)} · ${money(x.total, x.currency)}`} />
            {x.paymentState !== 'paid' ? <StatusChip state={x.paymentState} /> : null}
            {x.downloadUrl ? (
              <Button size="small" href={x.downloadUrl} startIcon={<DownloadIcon />} download>
                {t('shop.extras.download')}
              </Button>
            ) : null}
            {x.courseUrl ? (
              <Button size="small" component={RouterLink} to={x.courseUrl}>
                {t('shop.extras.openCourse')}
              </Button>
            ) : null}
            {x.deliveryLink ? (
              <Button size="small" href={x.deliveryLink} target="_blank" rel="noopener noreferrer">
                {t('shop.extras.open')}
              </Button>
            ) : null}
            {x.certificateUrl ? (
              <Button size="small" component={RouterLink} to={x.certificateUrl}>
                {t('certificates.open')}
              </Button>
            ) : null}
            {x.licenseKey ? (
              <Typography component="code" sx={{ fontFamily: 'monospace', width: '100%' }}>
                {x.licenseKey}
              </Typography>
            ) : null}
            {x.deliveryText ? (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', width: '100%' }}>
                {x.deliveryText}
              </Typography>
            ) : null}
            {x.invoiceNumber ? (
              <Link
                variant="body2"
                href={`/v1/shop/${encodeURIComponent(username)}/orders/${encodeURIComponent(x.token)}/invoices/${x.invoiceNumber}/pdf`}
                target="_blank"
                rel="noopener"
                data-testid={`extra-invoice-${x.invoiceNumber}`}
              >
                {t('shop.invoiceNumber', { number: x.invoiceNumber })} · {t('shop.invoicePdf')}
              </Link>
            ) : null}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
