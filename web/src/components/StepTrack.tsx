import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';

/**
 * A row of numbered steps, the ones done ticked and the current one marked: what MUI's Stepper draws for steps that
 * are not buttons (the checkout's), in a fraction of its code on the buyer's page (no keyboard walk between step
 * buttons, which these steps are not). An ordered list, the current step `aria-current="step"`. `below`: each label
 * under its number (MUI's `alternativeLabel`), otherwise beside it.
 */
export function StepTrack({
  labels,
  active,
  below = false,
  testId,
  activeName,
}: {
  labels: string[];
  /** the current step's index; `labels.length` when every step is done */
  active: number;
  below?: boolean;
  testId?: string;
  /** the current step's name for tests (`data-active-step`) */
  activeName?: string;
}) {
  return (
    <Box
      component="ol"
      data-testid={testId}
      data-active-step={activeName}
      sx={{ display: 'flex', alignItems: below ? 'flex-start' : 'center', listStyle: 'none', p: 0, m: 0, mb: 3 }}
    >
      {labels.map((label, i) => {
        const done = i < active;
        const current = i === active;
        return (
          <Box
            component="li"
            key={label}
            aria-current={current ? 'step' : undefined}
            sx={{
              display: 'flex',
              flex: below ? 1 : i === 0 ? '0 0 auto' : '1 1 auto',
              flexDirection: below ? 'column' : 'row',
              alignItems: 'center',
              position: 'relative',
              minWidth: 0,
            }}
          >
            {i > 0 ? (
              <Box
                aria-hidden
                sx={
                  below
                    ? { position: 'absolute', top: 12, left: 'calc(-50% + 20px)', right: 'calc(50% + 20px)', borderTop: 1, borderColor: 'grey.400' }
                    : { flex: 1, mx: 1, minWidth: 16, borderTop: 1, borderColor: 'grey.400' }
                }
              />
            ) : null}
            {done ? (
              <CheckCircleIcon color="primary" sx={{ fontSize: 24, flexShrink: 0 }} />
            ) : (
              <Box
                sx={{
                  width: 24,
                  height: 24,
                  flexShrink: 0,
                  borderRadius: '50%',
                  bgcolor: current ? 'primary.main' : 'grey.600',
                  color: 'common.white',
                  fontSize: 12,
                  lineHeight: '24px',
                  textAlign: 'center',
                }}
              >
                {i + 1}
              </Box>
            )}
            <Typography
              variant="body2"
              component="span"
              sx={{
                mt: below ? 2 : 0,
                ml: below ? 0 : 1,
                textAlign: below ? 'center' : 'left',
                color: done || current ? 'text.primary' : 'text.secondary',
                fontWeight: done || current ? 500 : 400,
              }}
            >
              {label}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
