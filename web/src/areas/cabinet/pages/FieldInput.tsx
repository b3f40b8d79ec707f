import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../../api/pages';
import * as sdk from '../../../api/sdk.gen';
import { camel } from './history';

export interface ProductChoice {
  id: number;
  name: string;
}

type Value = unknown;
const URL_HINT = 'https://'; // the shape of an address, the same in every language
type Obj = Record<string, Value>;

/** A new item of a list (a menu entry, a testimonial, a form field): every setting at its plainest valid value. */
export function blankOf(spec: FieldSpec): Value {
  switch (spec.kind) {
    case 'bool':
      return false;
    case 'int':
      return spec.min ?? 0;
    case 'enum':
      return spec.options?.[0] ?? '';
    case 'link':
      return spec.nullable ? null : '#';
    case 'media':
      return null;
    case 'list':
    case 'products':
      return [];
    case 'object':
      return Object.fromEntries((spec.fields ?? []).map((f) => [camel(f.name), f.name === 'id' ? `i${Date.now().toString(36)}` : blankOf(f)]));
    default:
      return spec.nullable ? null : '';
  }
}

/** One setting's input, drawn from its description in the catalogue (domain/builder/catalogue.py). */
export function FieldInput({
  spec,
  value,
  onChange,
  products,
  testId,
}: {
  spec: FieldSpec;
  value: Value;
  onChange: (v: Value) => void;
  products: ProductChoice[];
  testId: string;
}) {
  const { t } = useTranslation();
  const label = t(`builder.fields.${spec.name}`);
  const opt = (v: string) => t(`builder.values.${v}`);
  switch (spec.kind) {
    case 'bool':
      return (
        <FormControlLabel
          control={<Switch checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'data-testid': testId } as object }} />}
          label={label}
        />
      );
    case 'int': {
      const n = typeof value === 'number' ? value : 0;
      const bad = (spec.min != null && n < spec.min) || (spec.max != null && n > spec.max);
      return (
        <TextField
          type="number"
          size="small"
          label={label}
          value={Number.isFinite(n) ? n : ''}
          onChange={(e) => onChange(e.target.value === '' ? (spec.min ?? 0) : Math.trunc(Number(e.target.value)))}
          error={bad}
          helperText={bad ? t('builder.between', { min: spec.min, max: spec.max }) : undefined}
          slotProps={{ htmlInput: { min: spec.min ?? undefined, max: spec.max ?? undefined, step: 1, 'data-testid': testId } }}
        />
      );
    }
    case 'enum':
      return (
        <TextField select size="small" label={label} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} slotProps={{ htmlInput: { 'data-testid': testId } }}>
          {(spec.options ?? []).map((o) => (
            <MenuItem key={o} value={o}>
              {opt(o)}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'color':
      return (
        <TextField
          type="color"
          size="small"
          label={label}
          value={typeof value === 'string' && value.length === 7 ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
          sx={{ minWidth: 120 }}
        />
      );
    case 'datetime': {
      const local = typeof value === 'string' ? value.slice(0, 16) : '';
      return (
        <TextField
          type="datetime-local"
          size="small"
          label={label}
          value={local}
          onChange={(e) => onChange(e.target.value ? new Date(e.target.value).toISOString() : null)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
        />
      );
    }
    case 'product':
      return (
        <TextField select size="small" label={label} value={value == null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} slotProps={{ htmlInput: { 'data-testid': testId } }}>
          {spec.nullable ? <MenuItem value="">{t('builder.pageProduct')}</MenuItem> : null}
          {products.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'products': {
      const ids = Array.isArray(value) ? (value as number[]) : [];
      return (
        <TextField
          select
          size="small"
          label={label}
          value={ids.map(String)}
          onChange={(e) => onChange((e.target.value as unknown as string[]).map(Number))}
          slotProps={{
            select: { multiple: true, renderValue: (sel) => (sel as string[]).map((id) => products.find((p) => String(p.id) === id)?.name ?? id).join(', ') },
            htmlInput: { 'data-testid': testId },
          }}
        >
          {products.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'object':
      return (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}>
          <Typography component="legend" variant="caption" sx={{ px: 0.5 }}>
            {label}
          </Typography>
          <Fields specs={spec.fields ?? []} value={(value ?? {}) as Obj} onChange={onChange} products={products} testId={testId} />
        </Box>
      );
    case 'list': {
      const items = Array.isArray(value) ? (value as Value[]) : [];
      const item = spec.item;
      if (!item) return null;
      if (item.kind === 'enum') {
        return (
          <Box>
            <Typography variant="caption">{label}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {(item.options ?? []).map((o) => {
                const on = items.includes(o);
                return (
                  <Chip
                    key={o}
                    label={opt(o)}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    onClick={() => onChange(on ? items.filter((x) => x !== o) : (item.options ?? []).filter((x) => x === o || items.includes(x)))}
                  />
                );
              })}
            </Stack>
          </Box>
        );
      }
      return (
        <Box>
          <Typography variant="subtitle2">{label}</Typography>
          <Stack spacing={1}>
            {items.map((it, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a list's items (menu entries, form fields) have no ids of their own
              <Paper key={i} variant="outlined" sx={{ p: 1.5, position: 'relative' }}>
                <IconButton size="small" aria-label={t('common.delete')} sx={{ position: 'absolute', top: 4, right: 4 }} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
                <FieldInput spec={{ ...item, name: spec.name }} value={it} onChange={(v) => onChange(items.map((x, j) => (j === i ? v : x)))} products={products} testId={`${testId}-${i}`} />
              </Paper>
            ))}
            {spec.maxLength == null || items.length < spec.maxLength ? (
              <Button size="small" onClick={() => onChange([...items, blankOf(item)])} data-testid={`${testId}-add`} sx={{ alignSelf: 'flex-start' }}>
                {t('builder.addItem')}
              </Button>
            ) : null}
          </Stack>
        </Box>
      );
    }
    case 'media':
      return <MediaInput label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} testId={testId} maxLength={spec.maxLength ?? undefined} />;
    default: {
      const long = spec.kind === 'long_text';
      const nullable = spec.nullable || spec.kind === 'media';
      return (
        <TextField
          size="small"
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' && nullable ? null : e.target.value)}
          multiline={long}
          minRows={long ? 3 : undefined}
          placeholder={spec.kind === 'link' ? URL_HINT : undefined}
          slotProps={{ htmlInput: { maxLength: spec.maxLength ?? undefined, 'data-testid': testId } }}
        />
      );
    }
  }
}

/** A picture's address, typed or uploaded (a PNG or JPEG, kept public for the seller's pages). */
function MediaInput({ label, value, onChange, testId, maxLength }: { label: string; value: string; onChange: (v: Value) => void; testId: string; maxLength: number | undefined }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    setFailed(false);
    try {
      const form = new FormData();
      form.append('file', file);
      const media = await sdk.addPageMedia(form, { suppressErrors: true });
      onChange(media.url);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        placeholder={URL_HINT}
        error={failed}
        helperText={failed ? t('builder.uploadFailed') : undefined}
        slotProps={{ htmlInput: { maxLength, 'data-testid': testId } }}
      />
      <Button component="label" size="small" variant="outlined" disabled={busy} startIcon={<UploadFileIcon />} sx={{ whiteSpace: 'nowrap', minHeight: 40 }}>
        {t('builder.upload')}
        <input hidden type="file" accept="image/png,image/jpeg" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
      </Button>
    </Stack>
  );
}

/** Every setting of an object (a block, its style, a theme), in the catalogue's order. */
export function Fields({
  specs,
  value,
  onChange,
  products,
  testId,
}: {
  specs: FieldSpec[];
  value: Obj;
  onChange: (v: Obj) => void;
  products: ProductChoice[];
  testId: string;
}) {
  return (
    <Stack spacing={1.5}>
      {specs.map((spec) => {
        const key = camel(spec.name);
        return (
          <FieldInput
            key={key}
            spec={spec}
            value={value[key]}
            onChange={(v) => onChange({ ...value, [key]: v })}
            products={products}
            testId={`${testId}-${spec.name}`}
          />
        );
      })}
    </Stack>
  );
}
