import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { cabinetApi } from '../../../api/cabinet';
import { ApiError } from '../../../api/errors';
import { pagesApi, type PageSummary, type PageType } from '../../../api/pages';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../components/dates';
import { FontsPanel } from './FontsPanel';
import { LegalPanel } from './LegalPanel';
import { SharedThemeDialog } from './SharedThemeDialog';

export const PAGE_KEYS = { list: ['pages'] as const, page: (id: number) => ['pages', id] as const, catalogue: ['pages', 'catalogue'] as const };
// the page types the storefront serves today (editor §2; the others join as their areas are built)
const TYPES: PageType[] = ['shop', 'shop_product', 'thank_you', 'membership', 'course', 'funnel', 'affiliate'];
// pages in the buyers' area (/v/…): each for the buyers of one product of its form
const AREA: Partial<Record<PageType, string>> = { membership: 'membership', course: 'course' };
const HELP: Partial<Record<PageType, string>> = {
  membership: 'builder.membershipHelp',
  course: 'builder.courseHelp',
  funnel: 'builder.funnelHelp',
  thank_you: 'builder.thankYouHelp',
  shop_product: 'builder.productTemplate',
};

function stateOf(p: PageSummary): 'published' | 'changed' | 'draft' {
  if (p.publishedVersion == null) return 'draft';
  return p.publishedVersion === p.draftVersion ? 'published' : 'changed';
}

/** `/cabinet/pages`: the seller's builder pages, and a new one. */
export default function PagesPage() {
  const { t } = useTranslation();
  const pages = useQuery({ queryKey: PAGE_KEYS.list, queryFn: ({ signal }) => pagesApi.list(signal) });
  const [open, setOpen] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('builder.title')}
        </Typography>
        <Button variant="contained" onClick={() => setOpen(true)} data-testid="new-page">
          {t('builder.newPage')}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t('builder.intro')}</Typography>
      {pages.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : pages.isError ? (
        <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
      ) : pages.data.list.length === 0 ? (
        <Paper>
          <EmptyState title={t('builder.empty')}>{t('builder.emptyHint')}</EmptyState>
        </Paper>
      ) : (
        <Paper sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('builder.name')}</TableCell>
                <TableCell>{t('builder.type')}</TableCell>
                <TableCell>{t('builder.address')}</TableCell>
                <TableCell>{t('builder.state')}</TableCell>
                <TableCell>{t('builder.updated')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pages.data.list.map((p) => {
                const state = stateOf(p);
                return (
                  <TableRow key={p.id} hover data-testid="page-row">
                    <TableCell>
                      <Link component={RouterLink} to={`/cabinet/pages/${p.id}/edit`}>
                        {p.name}
                      </Link>
                    </TableCell>
                    <TableCell>{t(`builder.types.${p.pageType}`)}</TableCell>
                    <TableCell>
                      {p.url ? (
                        <Link href={p.url} target="_blank" rel="noopener">
                          {p.url}
                        </Link>
                      ) : (
                        t('builder.everyProduct')
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={t(`builder.states.${state}`)} color={state === 'published' ? 'success' : state === 'changed' ? 'warning' : 'default'} />
                    </TableCell>
                    <TableCell>{formatDateTime(p.updatedAt)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      <FontsPanel />
      <LegalPanel />
      <SharedThemeDialog />
      {open ? <NewPageDialog onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}

function NewPageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [type, setType] = useState<PageType>('shop');
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [productId, setProductId] = useState('');
  const area = AREA[type];
  const hasPath = type === 'shop' || type === 'affiliate' || Boolean(area);
  const forProduct = type !== 'shop' && type !== 'affiliate';
  const forAll = type === 'shop_product' || type === 'funnel' || type === 'thank_you'; // a product's own page, or every product's
  const products = useQuery({ queryKey: ['pages', 'products'], queryFn: ({ signal }) => cabinetApi.products({ per: 100 }, signal), enabled: forProduct });
  const create = useMutation({
    mutationFn: () =>
      pagesApi.create({
        pageType: type,
        name: name.trim(),
        path: hasPath && path ? path : null,
        productId: forProduct && productId ? Number(productId) : null,
      }),
    onSuccess: (page) => {
      void qc.invalidateQueries({ queryKey: PAGE_KEYS.list });
      navigate(`/cabinet/pages/${page.id}/edit`);
    },
  });
  const err = create.error instanceof ApiError ? create.error : null;
  const reason = err?.reason;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('builder.newPage')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t('builder.type')} value={type} onChange={(e) => setType(e.target.value as PageType)} slotProps={{ htmlInput: { 'data-testid': 'new-page-type' } }}>
            {TYPES.map((x) => (
              <MenuItem key={x} value={x}>
                {t(`builder.types.${x}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('builder.name')} value={name} onChange={(e) => setName(e.target.value)} required slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'new-page-name' } }} />
          {hasPath ? (
            <TextField
              label={t(area ? 'builder.memberPath' : type === 'affiliate' ? 'builder.affiliatePath' : 'builder.path')}
              value={path}
              onChange={(e) => setPath(e.target.value.toLowerCase())}
              helperText={err?.fields?.path ? t('builder.pathRule') : t('builder.pathHelp')}
              error={Boolean(err?.fields?.path)}
              slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'new-page-path' } }}
            />
          ) : null}
          {type === 'affiliate' ? <Alert severity="info">{t('builder.affiliateHelp')}</Alert> : null}
          {forProduct ? (
            <>
              <TextField select label={t('builder.forProduct')} value={productId} onChange={(e) => setProductId(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'new-page-product' } }}>
                {forAll ? <MenuItem value="">{t('builder.allProducts')}</MenuItem> : null}
                {(products.data?.list ?? []).filter((p) => !area || p.form === area).map((p) => (
                  <MenuItem key={p.id} value={String(p.id)}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
              <Alert severity="info">{t(HELP[type] ?? 'builder.productTemplate')}</Alert>
            </>
          ) : null}
          {reason ? <Alert severity="warning">{t(`builder.refused.${reason}`, { defaultValue: t('builder.refused.other') })}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!name.trim() || create.isPending || (Boolean(area) && (!path || !productId)) || (type === 'affiliate' && !path)} onClick={() => create.mutate()} data-testid="create-page">
          {t('common.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
