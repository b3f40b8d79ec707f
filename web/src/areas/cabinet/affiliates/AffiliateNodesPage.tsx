import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../components/dates';
import { Page } from '../../../components/Page';

type Node = Answer<'list_affiliate_nodes'>['list'][number];
type State = Node['state'];
const STATES: State[] = ['requested', 'accepted', 'rejected', 'canceled'];
const COLORS: Record<State, 'warning' | 'success' | 'default' | 'error'> = { requested: 'warning', accepted: 'success', rejected: 'error', canceled: 'default' };
// what the seller may decide in each state (core §4 affiliate node)
const ACTIONS: Record<State, ('accept' | 'reject' | 'cancel')[]> = { requested: ['accept', 'reject'], accepted: ['cancel'], rejected: [], canceled: [] };

/** `/cabinet/affiliate_nodes`: the publishers of the seller's programs, and the seller's decisions. */
export default function AffiliateNodesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [state, setState] = useState<State | 'all'>('all');
  const nodes = useQuery({
    queryKey: ['affiliate-nodes', state],
    queryFn: ({ signal }) => sdk.listAffiliateNodes(state === 'all' ? {} : { state }, { signal }),
  });
  const decide = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'reject' | 'cancel' }) => sdk.decideAffiliateNode(id, action, { suppressErrors: true }),
    onSuccess: (n) => toast(t(`affiliates.decided.${n.state}`, { name: n.name || n.email }), 'success'),
    onError: (e) => toast(e instanceof ApiError && e.reason ? t(`refusals.${e.reason}`) : t('toast.error'), 'error'),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['affiliate-nodes'] });
      void qc.invalidateQueries({ queryKey: ['affiliate-programs'] });
    },
  });
  return (
    <Page title={t('affiliates.nodesTitle')}>
      <Tabs value={state} onChange={(_, v: State | 'all') => setState(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('affiliates.state')}>
        <Tab value="all" label={t('affiliates.allStates')} />
        {STATES.map((s) => (
          <Tab key={s} value={s} label={t(`affiliates.states.${s}`)} data-testid={`nodes-${s}`} />
        ))}
      </Tabs>
      {nodes.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : nodes.isError ? (
        <ErrorState error={nodes.error} onRetry={() => void nodes.refetch()} />
      ) : nodes.data.list.length === 0 ? (
        <Paper>
          <EmptyState title={t('affiliates.nodesEmpty')}>{t('affiliates.nodesEmptyHint')}</EmptyState>
        </Paper>
      ) : (
        <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('common.table')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('affiliates.publisher')}</TableCell>
                <TableCell>{t('affiliates.program')}</TableCell>
                <TableCell>{t('affiliates.state')}</TableCell>
                <TableCell>{t('affiliates.clicks')}</TableCell>
                <TableCell>{t('affiliates.createdAt')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {nodes.data.list.map((n) => (
                <TableRow key={n.id} data-testid="node-row">
                  <TableCell>
                    <Typography variant="body2">{n.name || n.email}</Typography>
                    {n.name ? (
                      <Typography variant="caption" color="text.secondary">
                        {n.email}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{n.affiliateProgram}</TableCell>
                  <TableCell>
                    <Chip size="small" color={COLORS[n.state]} label={t(`affiliates.states.${n.state}`)} />
                  </TableCell>
                  <TableCell>{n.clicks}</TableCell>
                  <TableCell>{formatDateTime(n.createdAt)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {ACTIONS[n.state].map((action) => (
                      <Button key={action} size="small" color={action === 'accept' ? 'primary' : 'inherit'} disabled={decide.isPending} onClick={() => decide.mutate({ id: n.id, action })} data-testid={`node-${action}`}>
                        {t(`affiliates.actions.${action}`)}
                      </Button>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Page>
  );
}
