import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { darken } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import WarningAmberIcon from '@mui/icons-material/WarningAmberRounded';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { visibleWarnings, warningLink } from '../../../lib/warnings';

/** Product list warnings (core §8): each not-sellable reason as text; finish_registration links to profile edit. */
export function ProductWarnings({ reasons, isFree = false, dense = true }: { reasons: string[]; isFree?: boolean; dense?: boolean }) {
  const { t } = useTranslation();
  const shown = visibleWarnings(reasons, isFree);
  if (!shown.length) return null;
  return (
    <Stack spacing={dense ? 0.25 : 0.75} data-testid="product-warnings">
      {shown.map((reason) => {
        const text = t(`warnings.${reason}`, { defaultValue: t('warnings.unknown', { reason }) });
        const link = warningLink(reason);
        return (
          <Stack key={reason} direction="row" spacing={0.5} sx={{ alignItems: 'center', color: (theme) => darken(theme.palette.warning.dark, 0.4) }} data-warning={reason}>
            <WarningAmberIcon sx={{ fontSize: 16 }} />
            <Typography variant="caption" component="span">
              {link ? (
                <Link component={RouterLink} to={link} color="inherit">
                  {text}
                </Link>
              ) : (
                text
              )}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}
