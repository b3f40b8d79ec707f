import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrors } from '../../../../api/errors';
import * as sdk from '../../../../api/sdk.gen';
import type { Product } from '../../../../api/types';
import { OptInsInSchema } from '../../../../api/zod.gen';
import { toast } from '../../../../app/notify';
import { useRowKeys } from '../../../../lib/rowKeys';
import { issueMessage } from '../../../../lib/zodForm';
import { productKeys } from '../queries';

type Kind = 'checkbox' | 'open_question' | 'service' | 'select_box';
interface Draft {
  type: Kind;
  label: string;
  required: boolean;
  options: string;
}

/** The questions a buyer answers at checkout (editor opt-in field types), checked by the contract before saving. */
export function OptInsEditor({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Draft[]>(() => (product.optIns ?? []).map((q) => ({ type: q.type, label: q.label, required: q.required, options: q.options.join(', ') })));
  const keys = useRowKeys(rows.length);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (i: number, patch: Partial<Draft>) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  const save = async () => {
    const questions = rows.map((r) => ({
      type: r.type,
      label: r.label.trim(),
      required: r.required,
      options: r.type === 'select_box' ? r.options.split(',').map((o) => o.trim()).filter(Boolean) : [],
    }));
    const checked = OptInsInSchema.safeParse({ questions });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setProblem(t('optIns.rowProblem', { n: Number(issue.path[1] ?? 0) + 1, problem: issueMessage(issue) }));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await sdk.setOptIns(product.id, { questions }, { suppressErrors: true });
      await queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });
      toast(t('common.saved'), 'success');
    } catch (e) {
      setProblem(e instanceof ApiError ? (Object.keys(fieldErrors(e)).some((k) => k.includes('options')) ? t('optIns.optionsProblem') : e.message) : t('toast.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('optIns.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('optIns.help')}
      </Typography>
      <Stack spacing={2}>
        {rows.map((r, i) => (
          <Stack key={keys.keys[i]} direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }} data-testid={`opt-in-row-${i}`}>
            <TextField select size="small" label={t('optIns.type')} value={r.type} onChange={(e) => set(i, { type: e.target.value as Kind })} sx={{ minWidth: 170 }}>
              {(['checkbox', 'open_question', 'service', 'select_box'] as const).map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`optIns.types.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField size="small" label={t('optIns.label')} value={r.label} onChange={(e) => set(i, { label: e.target.value })} sx={{ flex: 2 }} slotProps={{ htmlInput: { maxLength: 300, 'data-testid': `opt-in-label-${i}` } }} />
            {r.type === 'select_box' ? (
              <TextField size="small" label={t('optIns.options')} value={r.options} onChange={(e) => set(i, { options: e.target.value })} helperText={t('optIns.optionsHelp')} sx={{ flex: 2 }} />
            ) : null}
            <FormControlLabel control={<Switch size="small" checked={r.required} onChange={(e) => set(i, { required: e.target.checked })} />} label={t('optIns.required')} />
            <IconButton
              aria-label={t('optIns.remove')}
              onClick={() => {
                keys.removed(i);
                setRows((x) => x.filter((_, j) => j !== i));
              }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<AddIcon />}
            disabled={rows.length >= 10}
            onClick={() => {
              keys.added();
              setRows((x) => [...x, { type: 'checkbox', label: '', required: false, options: '' }]);
            }}
            data-testid="opt-in-add"
          >
            {t('optIns.add')}
          </Button>
          <Button variant="contained" onClick={() => void save()} loading={busy} data-testid="opt-ins-save">
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
