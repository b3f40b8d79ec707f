import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import * as sdk from '../../../api/sdk.gen';
import { snakeToCamel } from '../../../api/case';
import { toast } from '../../../app/notify';
import { ErrorState } from '../../../components/ErrorState';

const TYPES = ['one_time', 'subscription', 'limited_subscription', 'installment'] as const;
const KEY = ['cabinet', 'paymentSettings'] as const;

/** `/cabinet/settings/payment_settings`: which payment methods buyers may choose, per payment type (core §9
 * method matrix). A method that cannot pay a type (a bank transfer pays one payment in euros) is greyed out. */
/** A payment type's methods: the answer's keys arrive camelCased (one_time as oneTime), as every answer's do. */
function methodsOf(matrix: unknown, type: string): string[] {
  const m = matrix as Record<string, string[] | undefined>;
  return m[snakeToCamel(type)] ?? m[type] ?? [];
}

export default function PaymentSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.getPaymentSettings({ signal }) });
  const [saving, setSaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (settings.isPending) return <Skeleton variant="rounded" height={280} />;
  const { matrix, methods } = settings.data;

  const toggle = async (type: (typeof TYPES)[number], method: string, on: boolean) => {
    const current = methodsOf(matrix, type);
    const next = on ? [...current, method] : current.filter((m) => m !== method);
    setSaving(`${type}-${method}`);
    setProblem(null);
    try {
      const answer = await sdk.savePaymentSettings({ matrix: { [type]: next } } as Parameters<typeof sdk.savePaymentSettings>[0], { suppressErrors: true });
      queryClient.setQueryData(KEY, answer);
      toast(t('common.saved'), 'success');
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : t('toast.error'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h4" component="h1">
        {t('paymentSettings.title')}
      </Typography>
      <Typography color="text.secondary">{t('paymentSettings.intro')}</Typography>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table data-testid="payment-matrix">
          <TableHead>
            <TableRow>
              <TableCell>{t('paymentSettings.type')}</TableCell>
              {methods.map((m) => (
                <TableCell key={m.method} align="center">
                  {t(`paymentSettings.methods.${m.method}`)}
                  {m.currencies ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {m.currencies.map((c) => c.toUpperCase()).join(', ')}
                    </Typography>
                  ) : null}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {TYPES.map((type) => {
              const on = methodsOf(matrix, type);
              return (
                <TableRow key={type}>
                  <TableCell>{t(`editor.planTypes.${type}`)}</TableCell>
                  {methods.map((m) => {
                    const possible = (m.paymentTypes as string[]).includes(type);
                    const checked = on.includes(m.method);
                    const last = checked && on.length === 1;
                    const box = (
                      <span>
                        <Checkbox
                          checked={checked}
                          disabled={!possible || last || saving !== null}
                          onChange={(e) => void toggle(type, m.method, e.target.checked)}
                          slotProps={{ input: { 'aria-label': `${t(`editor.planTypes.${type}`)}: ${t(`paymentSettings.methods.${m.method}`)}` } }}
                          data-testid={`matrix-${type}-${m.method}`}
                        />
                      </span>
                    );
                    return (
                      <TableCell key={m.method} align="center">
                        {!possible ? <Tooltip title={t(`paymentSettings.cannot.${m.method}`)}>{box}</Tooltip> : last ? <Tooltip title={t('paymentSettings.last')}>{box}</Tooltip> : box}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Alert severity="info">{t('paymentSettings.wireNote')}</Alert>
      <Alert severity="info">{t('paymentSettings.sepaNote')}</Alert>
      <Alert severity="info">{t('paymentSettings.paypalNote')}</Alert>
    </Stack>
  );
}
