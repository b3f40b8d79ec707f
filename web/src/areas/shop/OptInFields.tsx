import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/TextInput';

export interface OptIn {
  id: string;
  type: 'checkbox' | 'open_question' | 'service' | 'select_box';
  label: string;
  required: boolean;
  options: string[];
}

export type OptInAnswers = Record<string, string | boolean>;

/** The questions a required answer is missing for (a required tick not ticked, a required text or choice empty). */
export function missingOptIns(questions: readonly OptIn[], answers: OptInAnswers): string[] {
  return questions.filter((q) => q.required && (answers[q.id] === undefined || answers[q.id] === '' || answers[q.id] === false)).map((q) => q.id);
}

function Choice({ q, value, onChange, error, disabled }: { q: OptIn; value: string; onChange: (v: string) => void; error?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl fullWidth error={Boolean(error)} required={q.required}>
      <InputLabel variant="standard" htmlFor={id}>
        {q.label}
      </InputLabel>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} inputProps={{ 'data-testid': `opt-in-${q.id}` } as never}>
        <option value="">{t('shop.optIns.choose')}</option>
        {q.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </NativeSelect>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}

/** The seller's opt-in questions (checkbox, open question, service, select box), answered before paying. */
export function OptInFields({ questions, answers, onChange, missing, disabled }: { questions: readonly OptIn[]; answers: OptInAnswers; onChange: (a: OptInAnswers) => void; missing: readonly string[]; disabled?: boolean }) {
  const { t } = useTranslation();
  const set = (id: string, v: string | boolean) => onChange({ ...answers, [id]: v });
  return (
    <Stack spacing={1} data-testid="opt-ins">
      {questions.map((q) => {
        const error = missing.includes(q.id) ? t('shop.optIns.required') : undefined;
        if (q.type === 'checkbox' || q.type === 'service') {
          return (
            <FormControl key={q.id} error={Boolean(error)}>
              <FormControlLabel
                control={<Checkbox checked={answers[q.id] === true} onChange={(e) => set(q.id, e.target.checked)} disabled={disabled} slotProps={{ input: { ...{ 'data-testid': `opt-in-${q.id}` } } }} />}
                label={`${q.label}${q.required ? ' *' : ''}`}
              />
              {error ? <FormHelperText>{error}</FormHelperText> : null}
            </FormControl>
          );
        }
        if (q.type === 'select_box') return <Choice key={q.id} q={q} value={String(answers[q.id] ?? '')} onChange={(v) => set(q.id, v)} error={error} disabled={disabled} />;
        return (
          <TextInput
            key={q.id}
            label={q.label}
            required={q.required}
            value={String(answers[q.id] ?? '')}
            onChange={(e) => set(q.id, e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            disabled={disabled}
            inputProps={{ maxLength: 1000, 'data-testid': `opt-in-${q.id}` }}
          />
        );
      })}
    </Stack>
  );
}
