import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/Panel';
import { ApiError } from '../../../api/errors';
import * as sdk from '../../../api/sdk.gen';

const KEY = ['pages', 'fonts'] as const;
const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];
const DISPLAYS = ['swap', 'auto', 'block', 'fallback', 'optional'] as const;
const FALLBACKS = ['Montserrat', 'system-ui', 'sans-serif', 'serif', 'monospace', 'Georgia', 'Arial'];

/** The seller's own fonts (editor §3 Custom font): uploaded here, then named in a page's theme or a block's style. */
export function FontsPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fonts = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.listFonts({ signal }) });
  const [name, setName] = useState('');
  const [weight, setWeight] = useState(400);
  const [style, setStyle] = useState<'normal' | 'italic'>('normal');
  const [display, setDisplay] = useState<(typeof DISPLAYS)[number]>('swap');
  const [fallback, setFallback] = useState('Montserrat');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const add = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('file', file as File);
      form.append('font_name', name.trim());
      form.append('font_weight', String(weight));
      form.append('font_style', style);
      form.append('font_display', display);
      form.append('fallback_font', fallback);
      return sdk.addFont(form, { suppressErrors: true });
    },
    onSuccess: () => {
      setName('');
      setFile(null);
      if (input.current) input.current.value = '';
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => sdk.deleteFont(id), onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }) });
  const err = add.error instanceof ApiError ? add.error : null;
  return (
    <Panel title={t('builder.fonts.title')} intro={t('builder.fonts.intro')}>
        {fonts.data && fonts.data.list.length > 0 ? (
          <List dense>
            {fonts.data.list.map((f) => (
              <ListItem
                key={f.id}
                secondaryAction={
                  <IconButton edge="end" aria-label={t('common.delete')} onClick={() => remove.mutate(f.id)}>
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={f.fontName} secondary={t('builder.fonts.face', { weight: f.fontWeight, style: t(`builder.fonts.styles.${f.fontStyle}`), display: f.fontDisplay })} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2">{t('builder.fonts.none')}</Typography>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
          <TextField size="small" label={t('builder.fonts.name')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 60 } }} />
          <TextField select size="small" label={t('builder.fonts.weight')} value={weight} onChange={(e) => setWeight(Number(e.target.value))} sx={{ minWidth: 110 }}>
            {WEIGHTS.map((w) => (
              <MenuItem key={w} value={w}>
                {w}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('builder.fonts.style')} value={style} onChange={(e) => setStyle(e.target.value as 'normal' | 'italic')} sx={{ minWidth: 120 }}>
            {(['normal', 'italic'] as const).map((x) => (
              <MenuItem key={x} value={x}>
                {t(`builder.fonts.styles.${x}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('builder.fonts.display')} value={display} onChange={(e) => setDisplay(e.target.value as (typeof DISPLAYS)[number])} sx={{ minWidth: 130 }}>
            {DISPLAYS.map((x) => (
              <MenuItem key={x} value={x}>
                {x}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('builder.fonts.fallback')} value={fallback} onChange={(e) => setFallback(e.target.value)} sx={{ minWidth: 140 }}>
            {FALLBACKS.map((x) => (
              <MenuItem key={x} value={x}>
                {x}
              </MenuItem>
            ))}
          </TextField>
          <Button component="label" variant="outlined">
            {file ? file.name : t('builder.fonts.choose')}
            <input ref={input} hidden type="file" accept=".woff2,.woff,.ttf,.otf,font/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          <Button variant="contained" disabled={!file || !name.trim() || add.isPending} onClick={() => add.mutate()}>
            {t('builder.fonts.add')}
          </Button>
        </Stack>
        {err ? <Alert severity="error">{err.reason ? t(`refusals.${err.reason}`, { defaultValue: err.message }) : err.fields?.file ? t('builder.fonts.badFile') : err.fields?.fontName ? t('builder.fonts.badName') : err.message}</Alert> : null}
    </Panel>
  );
}
