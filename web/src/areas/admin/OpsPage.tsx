import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminWorkflow } from '../../api/types';
import { formatDateTime, formatDateTimeMs } from '../../components/dates';
import { eventKey, eventWords } from './events';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { StatusChip } from '../../components/StatusChip';
import { adminQueries, type OpsSearch } from './queries';

function SkeletonRows({ cols }: { cols: number }) {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <TableRow key={i}>
          {Array.from({ length: cols }, (_, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells, as above
            <TableCell key={j}>
              <Skeleton />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

function History({ workflow }: { workflow: AdminWorkflow }) {
  const { t } = useTranslation();
  const history = useQuery(adminQueries.history(workflow.workflowId, workflow.runId));
  return (
    <Paper sx={{ mt: 3 }}>
      <Typography variant="h6" sx={{ p: 2, pb: 1, wordBreak: 'break-all' }}>
        {t('ops.history', { id: workflow.workflowId })}
      </Typography>
      {history.isError ? (
        <Box sx={{ p: 2 }}>
          <ErrorState error={history.error} onRetry={() => void history.refetch()} />
        </Box>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label={t('common.table')}>
          <Table size="small" data-testid="workflow-history">
            <TableHead>
              <TableRow>
                <TableCell>{t('ops.eventId')}</TableCell>
                <TableCell>{t('ops.eventType')}</TableCell>
                <TableCell>{t('ops.eventTime')}</TableCell>
                <TableCell>{t('ops.summary')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.isPending ? (
                <SkeletonRows cols={4} />
              ) : (
                history.data.events.map((e) => (
                  <TableRow key={e.eventId}>
                    <TableCell>{e.eventId}</TableCell>
                    <TableCell title={e.eventType}>
                      {t(`ops.events.${eventKey(e.eventType)}`, { defaultValue: eventWords(e.eventType) })}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeMs(e.eventTime)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{e.summary ?? ''}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {history.isSuccess && history.data.events.length === 0 ? <EmptyState title={t('common.empty')} /> : null}
    </Paper>
  );
}

/** `/admin/ops`: an order token or a seller id → every workflow of it (found by the search attributes each
 * workflow carries) → a workflow's event history. */
export default function OpsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sellerParam = params.get('seller') ?? '';
  const token = params.get('token') ?? sellerParam;
  const [by, setBy] = useState<OpsSearch['by']>(sellerParam ? 'seller' : 'order');
  const selectedId = params.get('workflow');
  const selectedRun = params.get('run');
  const [text, setText] = useState(token);
  const search: OpsSearch = { by: sellerParam ? 'seller' : 'order', value: token };
  const valid = by === 'order' ? text.trim() !== '' : /^\d{1,18}$/.test(text.trim());

  const workflows = useQuery({ ...adminQueries.workflows(search), enabled: token !== '' });
  const selected = workflows.data?.list.find((w) => w.workflowId === selectedId && (!selectedRun || w.runId === selectedRun)) ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (value && valid) setParams(by === 'seller' ? { seller: value } : { token: value });
  };

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('ops.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('ops.intro')}
      </Typography>
      <Paper component="form" onSubmit={submit} sx={{ p: 2, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={by}
            onChange={(_e, v: OpsSearch['by'] | null) => v && setBy(v)}
            aria-label={t('ops.searchBy')}
          >
            <ToggleButton value="order" data-testid="ops-by-order" sx={{ whiteSpace: 'nowrap' }}>
              {t('ops.byOrder')}
            </ToggleButton>
            <ToggleButton value="seller" data-testid="ops-by-seller" sx={{ whiteSpace: 'nowrap' }}>
              {t('ops.bySeller')}
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={by === 'seller' ? t('ops.sellerId') : t('ops.orderToken')}
            error={text.trim() !== '' && !valid}
            helperText={text.trim() !== '' && !valid ? t('ops.sellerIdHint') : undefined}
            value={text}
            onChange={(e) => setText(e.target.value)}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { 'data-testid': 'ops-token' } }}
          />
          <Button type="submit" variant="contained" disabled={!valid} data-testid="ops-find" sx={{ whiteSpace: 'nowrap' }}>
            {t('ops.find')}
          </Button>
        </Stack>
      </Paper>
      {token ? (
        <Paper>
          <Typography variant="h6" sx={{ p: 2, pb: 1 }}>
            {t('ops.workflows')}
          </Typography>
          {workflows.isError ? (
            <Box sx={{ p: 2 }}>
              <ErrorState error={workflows.error} onRetry={() => void workflows.refetch()} />
            </Box>
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label={t('common.table')}>
              <Table size="small" data-testid="ops-workflows">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('ops.workflowId')}</TableCell>
                    <TableCell>{t('ops.workflowType')}</TableCell>
                    <TableCell>{t('ops.status')}</TableCell>
                    <TableCell>{t('ops.started')}</TableCell>
                    <TableCell>{t('ops.closed')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {workflows.isPending ? (
                    <SkeletonRows cols={6} />
                  ) : (
                    workflows.data.list.map((w) => (
                      <TableRow
                        key={`${w.workflowId}/${w.runId}`}
                        hover
                        selected={selected === w}
                        sx={{ cursor: 'pointer' }}
                        onClick={() => setParams({ ...(sellerParam ? { seller: token } : { token }), workflow: w.workflowId, run: w.runId ?? '' })}
                        data-testid="ops-workflow-row"
                      >
                        <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                          {w.workflowId}
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {w.runId}
                          </Typography>
                        </TableCell>
                        <TableCell>{w.workflowType}</TableCell>
                        <TableCell>
                          <StatusChip state={w.status} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(w.startTime)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(w.closeTime)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          <Button size="small" onClick={() => setParams({ ...(sellerParam ? { seller: token } : { token }), workflow: w.workflowId, run: w.runId ?? '' })}>
                            {t('ops.showHistory')}
                          </Button>
                          {w.temporalUiUrl ? (
                            <IconButton
                              size="small"
                              href={w.temporalUiUrl}
                              target="_blank"
                              rel="noopener"
                              aria-label={t('ops.openTemporal')}
                              onClick={(e) => e.stopPropagation()}
                              data-testid="ops-temporal-link"
                            >
                              <OpenInNewIcon fontSize="small" />
                            </IconButton>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {workflows.isSuccess && workflows.data.list.length === 0 ? (
            <Alert severity="info" sx={{ m: 2 }}>
              {t('ops.noWorkflows')}
            </Alert>
          ) : null}
        </Paper>
      ) : null}
      {selected ? <History key={`${selected.workflowId}/${selected.runId}`} workflow={selected} /> : null}
    </>
  );
}
