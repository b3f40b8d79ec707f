import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { eventLabel, EVENT_TYPES, type EventType } from './webhookWords';

/** The events an endpoint takes: every event (none ticked), or the ones ticked. */
export function EventPicker({ value, onChange }: { value: EventType[]; onChange: (next: EventType[]) => void }) {
  const { t } = useTranslation();
  const all = value.length === 0;
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={<Checkbox checked={all} onChange={(e) => onChange(e.target.checked ? [] : [EVENT_TYPES[0] as EventType])} />}
        label={t('webhooks.allEvents')}
      />
      {all ? null : (
        <FormGroup sx={{ pl: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {EVENT_TYPES.map((e) => (
            <FormControlLabel
              key={e}
              control={
                <Checkbox
                  size="small"
                  checked={value.includes(e)}
                  onChange={(ev) => {
                    const next = ev.target.checked ? [...value, e] : value.filter((x) => x !== e);
                    if (next.length > 0) onChange(next);
                  }}
                />
              }
              label={eventLabel(t, e)}
            />
          ))}
        </FormGroup>
      )}
    </Stack>
  );
}

