import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { RequestInSchema } from '../../../api/zod.gen';
import { fieldProps, useSchemaForm } from '../../../lib/zodForm';
import { toast } from '../../../app/notify';
import { ErrorState } from '../../../components/ErrorState';
import { PagedTable } from '../../../components/PagedTable';
import { formatDateTime } from '../../../components/dates';
import { Page } from '../../../components/Page';

type Reseller = Answer<'reseller'>;
type Request = Reseller['requests'][number];
const KEY = ['cabinet', 'reseller'] as const;

/** `/cabinet/settings/reseller` (core §4 reseller request, selling modes): whether the seller sells in their own
 * name or through the platform as reseller, the request to switch, and its answer. */
export default function ResellerPage() {
  const { t } = useTranslation();
  const data = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.reseller({ signal }) });
  return (
    <Page title={t('reseller.title')}>
      {data.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : data.isError ? (
        <ErrorState error={data.error} onRetry={() => void data.refetch()} />
      ) : (
        <Mode data={data.data} />
      )}
    </Page>
  );
}

// a message for the manager, optional, bounded by the contract
const AskForm = RequestInSchema.extend({ message: RequestInSchema.shape.message.unwrap().trim() });

function Mode({ data }: { data: Reseller }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSchemaForm(AskForm, { message: '' });
  const done = (next: Reseller, words: string) => {
    queryClient.setQueryData(KEY, next);
    toast(words, 'success');
  };
  const ask = useMutation({ mutationFn: (body: { message: string }) => sdk.requestReseller(body), onSuccess: (d) => done(d, t('reseller.asked')) });
  const submit = form.handleSubmit((body) => ask.mutate(body));
  const cancel = useMutation({ mutationFn: (id: number) => sdk.cancelResellerRequest(id), onSuccess: (d) => done(d, t('reseller.canceled')) });
  const own = useMutation({ mutationFn: () => sdk.sellByOwnself(), onSuccess: (d) => done(d, t('reseller.ownAgain')) });
  const waiting = data.requests.find((r) => r.state === 'waiting');
  const last = data.requests[0];
  return (
    <>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{t('reseller.now')}</Typography>
            <Chip color={data.sellingMode === 'selling_via_reseller' ? 'success' : 'default'} label={t(`enums.sellingMode.${data.sellingMode}`)} data-testid="selling-mode" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t(`reseller.explain.${data.sellingMode}`)}
          </Typography>
          {data.sellingMode === 'selling_via_reseller' ? (
            <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} disabled={own.isPending} onClick={() => own.mutate()} data-testid="sell-own">
              {t('reseller.backToOwn')}
            </Button>
          ) : waiting ? (
            <Alert
              severity="info"
              action={
                <Button color="inherit" disabled={cancel.isPending} onClick={() => cancel.mutate(waiting.id)} data-testid="cancel-request">
                  {t('reseller.cancel')}
                </Button>
              }
            >
              {t('reseller.waiting')}
            </Alert>
          ) : data.sellingMode === 'selling_by_ownself' ? (
            <>
              {last?.state === 'rejected' ? <Alert severity="warning">{t('reseller.rejected', { reason: last.reason ?? '' })}</Alert> : null}
              <TextField
                label={t('reseller.message')}
                {...fieldProps(form, 'message', null)}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'reseller-message' } }}
              />
              <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={ask.isPending} onClick={submit} data-testid="ask-reseller">
                {t('reseller.ask')}
              </Button>
            </>
          ) : null}
        </Stack>
      </Paper>
      <PagedTable<Request>
        label={t('reseller.history')}
        rows={data.requests}
        rowKey={(r) => r.id}
        loading={false}
        empty={t('reseller.noRequests')}
        columns={[
          { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.createdAt) },
          { key: 'state', label: t('orders.state'), render: (r) => t(`enums.resellerRequestState.${r.state}`) },
          { key: 'message', label: t('reseller.message'), wide: true, render: (r) => r.message || '—' },
          { key: 'reason', label: t('reseller.reason'), render: (r) => r.reason || '—' },
        ]}
      />
    </>
  );
}
