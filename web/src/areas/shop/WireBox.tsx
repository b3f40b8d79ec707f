import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { useTranslation } from 'react-i18next';
import type { ShopOrder } from '../../api/types';
import { toast } from '../../app/notify';
import { formatDate } from '../../components/dates';
import { useMoney } from '../../components/Money';

/** An order paid by bank transfer, still awaited: the account, the amount, the reference and the day, each
 * with a copy button (the page updates by itself once the transfer arrives). */
export function WireBox({ wire, later = false }: { wire: NonNullable<ShopOrder['wire']>; later?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const rows: [string, string, string][] = [
    ['holder', t('shop.wire.holder'), wire.holder],
    ['iban', t('shop.wire.iban'), wire.iban],
    ['bic', t('shop.wire.bic'), wire.bic],
    ['amount', t('shop.wire.amount'), money(wire.amount, wire.currency)],
    ['reference', t('shop.wire.reference'), wire.reference],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, width: '100%', textAlign: 'left' }} data-testid={later ? 'pay-later-box' : 'wire-box'}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <AccountBalanceIcon color="primary" />
        <Typography variant="h6">{t(later ? 'shop.payLater.title' : 'shop.wire.title')}</Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {wire.dueAt ? t(later ? 'shop.payLater.until' : 'shop.wire.until', { date: formatDate(wire.dueAt) }) : t('shop.wire.soon')}
      </Typography>
      <Table size="small">
        <TableBody>
          {rows.map(([key, label, value]) => (
            <TableRow key={key}>
              <TableCell sx={{ color: 'text.secondary', pl: 0 }}>{label}</TableCell>
              <TableCell sx={{ fontFamily: key === 'amount' || key === 'holder' ? undefined : 'monospace', fontWeight: key === 'reference' ? 700 : undefined, wordBreak: 'break-all' }} data-testid={`wire-${key}`}>
                {value}
              </TableCell>
              <TableCell align="right" sx={{ pr: 0, width: 40 }}>
                <IconButton size="small" aria-label={t('shop.wire.copy', { what: label })} onClick={() => void navigator.clipboard?.writeText(value).then(() => toast(t('shop.copied'), 'success'))}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('shop.wire.referenceNote')}
      </Typography>
    </Paper>
  );
}
