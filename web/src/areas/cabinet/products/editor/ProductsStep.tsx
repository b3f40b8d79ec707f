import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../../api/cabinet';
import { ApiError } from '../../../../api/errors';
import * as sdk from '../../../../api/sdk.gen';
import type { Product } from '../../../../api/types';
import { toast } from '../../../../app/notify';
import { EmptyState } from '../../../../components/EmptyState';
import { ErrorState } from '../../../../components/ErrorState';
import { productKeys } from '../queries';

/** The forms a membership or bundle may include (the API's rule; the others are issued per order of their own). */
export const INCLUDABLE_FORMS = new Set(['download', 'digital', 'service', 'course']);

type Included = Awaited<ReturnType<typeof sdk.listItems>>['list'][number];

/** A membership's or bundle's products step: what it includes, in order, and whether each gets its own mail. */
export function ProductsStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const itemsKey = [...productKeys.detail(product.id), 'items'] as const;
  const items = useQuery({ queryKey: itemsKey, queryFn: ({ signal }) => sdk.listItems(product.id, { signal }) });
  const candidates = useQuery({
    queryKey: [...productKeys.lists(), 'includable'],
    queryFn: ({ signal }) => cabinetApi.products({ per: 100, sort_key: 'name', sort_dir: 'asc' }, signal),
  });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (ids: number[]) => {
    setSaving(true);
    setProblem(null);
    try {
      const answer = await sdk.setItems(product.id, { productIds: ids }, { suppressErrors: true });
      queryClient.setQueryData(itemsKey, answer);
      await queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    } catch (e) {
      setProblem(e instanceof ApiError && e.reason ? t(`bundle.problems.${e.reason}`) : t('toast.error'));
    } finally {
      setSaving(false);
    }
  };
  const setEachMail = async (on: boolean) => {
    const updated = await cabinetApi.updateProduct(product.id, { emailForEachItem: on });
    queryClient.setQueryData(productKeys.detail(product.id), updated);
    toast(t('common.saved'), 'success');
  };

  if (items.isError) return <ErrorState error={items.error} onRetry={() => void items.refetch()} />;
  if (items.isPending) return <Skeleton variant="rounded" height={200} />;
  const list = items.data.list;
  const ids = list.map((x) => x.id);
  const options = (candidates.data?.list ?? []).filter((p) => INCLUDABLE_FORMS.has(p.form) && p.id !== product.id && !ids.includes(p.id) && !p.isArchived);
  const move = (at: number, step: -1 | 1) => {
    const next = [...ids];
    [next[at], next[at + step]] = [next[at + step]!, next[at]!];
    void save(next);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" sx={{ mr: 1 }}>
          {t(product.form === 'bundle' ? 'bundle.titleBundle' : 'bundle.titleMembership')}
        </Typography>
        <Chip label={t('bundle.count', { count: list.length, max: items.data.itemsMax })} data-testid="included-count" />
      </Stack>
      {list.length === 0 ? <Alert severity="info">{t(product.form === 'bundle' ? 'bundle.needsBundle' : 'bundle.needsMembership')}</Alert> : null}
      <Paper variant="outlined">
        {list.length === 0 ? (
          <EmptyState title={t('bundle.empty')} icon={<InventoryIcon />} />
        ) : (
          <List dense disablePadding data-testid="included-products" aria-busy={saving}>
            {list.map((x: Included, at) => (
              <ListItem key={x.id} divider data-testid={`included-${x.name}`}>
                <ListItemText primary={x.name} secondary={t(`products.forms.${x.form}`)} />
                {!x.isPublished ? <Chip size="small" variant="outlined" label={t('bundle.unpublished')} sx={{ mr: 1 }} /> : null}
                <IconButton size="small" aria-label={t('course.editor.moveUp', { title: x.name })} disabled={at === 0 || saving} onClick={() => move(at, -1)}>
                  <ArrowUpIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('course.editor.moveDown', { title: x.name })} disabled={at === list.length - 1 || saving} onClick={() => move(at, 1)}>
                  <ArrowDownIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('bundle.remove', { name: x.name })} disabled={saving} onClick={() => void save(ids.filter((id) => id !== x.id))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <Autocomplete
        options={options}
        loading={candidates.isPending}
        getOptionLabel={(o) => o.name}
        groupBy={(o) => t(`products.forms.${o.form}`)}
        value={null}
        blurOnSelect
        onChange={(_, chosen) => {
          if (chosen) void save([...ids, chosen.id]);
        }}
        noOptionsText={t('bundle.noOptions')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('bundle.add')}
            helperText={t('bundle.addHelp')}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'include-product' } }}
          />
        )}
      />
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <FormControlLabel
        control={<Switch checked={product.emailForEachItem ?? false} onChange={(e) => void setEachMail(e.target.checked)} data-testid="email-for-each-item" />}
        label={
          <>
            <Typography>{t('bundle.eachMail')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('bundle.eachMailHelp')}
            </Typography>
          </>
        }
      />
    </Stack>
  );
}
