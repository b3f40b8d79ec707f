import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../api/errors';
import type { Answer, Body } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { ItemFormSchema } from '../../api/zod.gen';
import { toast } from '../../app/notify';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { checkedAt, fieldProps, rules, useSchemaForm } from '../../lib/zodForm';
import { PublisherOnly } from './usePublisher';

type Item = Answer<'list_embeddable_items'>['list'][number];
type Draft = Body<'create_embeddable_item'>;
const FORMS = ['plain_link', 'text_link', 'button', 'banner', 'badge', 'slider', 'embed_form', 'embed_payment_page'] as const;
const PURPOSES = ['shop', 'product', 'course_lesson', 'login_page', 'custom_link'] as const;
const KEY = ['publish', 'embeds'] as const;

/** `/publish/embeddable_items`: the publisher's items, the code to paste for each, new and edit. */
export default function EmbeddableItemsPage() {
  return (
    <PublisherOnly>
      <Items />
    </PublisherOnly>
  );
}

function Items() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const items = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.listEmbeddableItems({ signal }) });
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => sdk.deleteEmbeddableItem(id),
    onSuccess: () => toast(t('publish.embeds.deleted'), 'success'),
    onSettled: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('publish.embeds.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="embed-new">
          {t('publish.embeds.new')}
        </Button>
      </Stack>
      {items.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : items.isError ? (
        <ErrorState error={items.error} onRetry={() => void items.refetch()} />
      ) : items.data.list.length === 0 ? (
        <Paper>
          <EmptyState title={t('publish.embeds.empty')} />
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {items.data.list.map((i) => (
            <Grid key={i.id} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" data-testid="embed-item">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {i.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t(`publish.embeds.forms.${i.form.form}`)} · {t(`publish.embeds.purposes.${i.form.purpose}`)} · {i.program}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', bgcolor: 'action.hover', p: 1, borderRadius: 1, flex: 1 }} data-testid="embed-snippet">
                      {i.snippet}
                    </Typography>
                    <CopyButton text={i.snippet} label={t('publish.embeds.code')} />
                  </Stack>
                </CardContent>
                <CardActions>
                  <Button size="small" onClick={() => setEditing(i)}>
                    {t('common.edit')}
                  </Button>
                  <Button size="small" component={RouterLink} to={`/publish/embeddable_items/${i.id}/preview`} data-testid="embed-preview">
                    {t('publish.embeds.preview')}
                  </Button>
                  <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate(i.id)}>
                    {t('common.delete')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {editing ? <Editor item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

const I = ItemFormSchema.shape;
// the contract's fields as the editor holds them (a program and product chosen later, a path only for a custom link)
const ItemForm = ItemFormSchema.extend({
  name: rules.required(I.name),
  affiliateProgramId: z.number(),
  productId: z.number().nullable(),
  customPath: z.string(),
  form: I.form.unwrap(),
  purpose: I.purpose.unwrap(),
  display: I.display.unwrap(),
  text: I.text.unwrap(),
  color: I.color.unwrap(),
}).superRefine((v, ctx) => {
  if (v.purpose === 'custom_link') checkedAt(ctx, 'customPath', I.customPath.unwrap().unwrap(), v.customPath.trim());
});

function Editor({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const programs = useQuery({ queryKey: ['publish', 'programs'], queryFn: ({ signal }) => sdk.publisherPrograms({ signal }) });
  const active = (programs.data?.list ?? []).filter((p) => p.state === 'accepted');
  const start = item?.form;
  const form = useSchemaForm(ItemForm, {
    name: start?.name ?? '',
    affiliateProgramId: start?.affiliateProgramId ?? 0,
    productId: start?.productId ?? null,
    customPath: start?.customPath ?? '/',
    form: start?.form ?? 'button',
    purpose: start?.purpose ?? 'shop',
    display: start?.display ?? 'on_page',
    text: start?.text ?? '',
    color: start?.color ?? '#1f6feb',
  });
  const draft = form.watch();
  const set = (patch: Partial<typeof draft>) => {
    for (const [key, value] of Object.entries(patch)) form.setValue(key as keyof typeof draft, value as never);
  };
  const programId = draft.affiliateProgramId || active[0]?.affiliateProgramId || 0;
  const needsProduct = draft.purpose === 'product' || draft.purpose === 'course_lesson';
  const products = useQuery({
    queryKey: ['publish', 'program-products', programId],
    queryFn: ({ signal }) => sdk.programProductChoices(programId, { signal }),
    enabled: programId > 0 && needsProduct,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Draft) => (item ? sdk.saveEmbeddableItem(item.id, body, { suppressErrors: true }) : sdk.createEmbeddableItem(body, { suppressErrors: true })),
    onSuccess: () => {
      toast(t('common.saved'), 'success');
      void qc.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (e) => {
      const fields = e instanceof ApiError && e.fields ? Object.values(e.fields).map(String) : [];
      setProblem(fields.length ? fields.join(' · ') : t('toast.error'));
    },
  });
  const submit = form.handleSubmit((v) =>
    save.mutate({
      ...v,
      affiliateProgramId: programId,
      productId: needsProduct ? (v.productId ?? products.data?.list[0]?.id ?? null) : null,
      customPath: v.purpose === 'custom_link' ? v.customPath.trim() : null,
    }),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="embed-editor-title">
      <DialogTitle id="embed-editor-title">{item ? t('publish.embeds.edit') : t('publish.embeds.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {programs.isSuccess && active.length === 0 ? <Alert severity="info">{t('publish.embeds.noProgram')}</Alert> : null}
          <TextField label={t('publish.embeds.name')} {...fieldProps(form, 'name', null)} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'embed-name' } }} required />
          <TextField select label={t('affiliates.program')} value={programId || ''} onChange={(e) => set({ affiliateProgramId: Number(e.target.value), productId: null })}>
            {active.map((p) => (
              <MenuItem key={p.affiliateProgramId} value={p.affiliateProgramId}>
                {p.name} · {p.shop}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('publish.embeds.form')} value={draft.form} onChange={(e) => set({ form: e.target.value as Draft['form'] })} slotProps={{ htmlInput: { 'data-testid': 'embed-form' } }}>
            {FORMS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`publish.embeds.forms.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('publish.embeds.purpose')} value={draft.purpose} onChange={(e) => set({ purpose: e.target.value as Draft['purpose'] })}>
            {PURPOSES.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`publish.embeds.purposes.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          {needsProduct ? (
            <TextField select label={t('orders.product')} value={draft.productId ?? products.data?.list[0]?.id ?? ''} onChange={(e) => set({ productId: Number(e.target.value) })} disabled={!products.data}>
              {(products.data?.list ?? []).map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {draft.purpose === 'custom_link' ? (
            <TextField label={t('publish.embeds.customPath')} {...fieldProps(form, 'customPath', t('publish.embeds.customPathHint'))} />
          ) : null}
          <RadioGroup row value={draft.display} onChange={(e) => set({ display: e.target.value as Draft['display'] })} aria-label={t('publish.embeds.display')}>
            <FormControlLabel value="on_page" control={<Radio />} label={t('publish.embeds.displays.on_page')} />
            <FormControlLabel value="modal" control={<Radio />} label={t('publish.embeds.displays.modal')} />
          </RadioGroup>
          <Stack direction="row" spacing={2}>
            <TextField label={t('publish.embeds.text')} {...fieldProps(form, 'text', t('publish.embeds.textHint'))} slotProps={{ htmlInput: { maxLength: 80 } }} sx={{ flex: 1 }} />
            <TextField type="color" label={t('publish.embeds.color')} {...fieldProps(form, 'color', null)} sx={{ width: 96 }} />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending || !draft.name.trim() || !programId} onClick={submit} data-testid="embed-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
