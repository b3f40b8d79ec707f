import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useTokens } from '../../app/useTokens';
import { BRAND } from '../../components/brand';

const FOOTER = [
  ['/plans', 'platform.plans.title'],
  ['/terms', 'platform.documents.terms'],
  ['/privacy', 'platform.documents.privacy'],
  ['/imprint', 'platform.documents.imprint'],
] as const;

/** The platform's public pages: the brand and sign-in above, the plans and the operator's documents below. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const tokens = useTokens();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Stack component="header" direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 3, py: 2 }}>
        <Link component={RouterLink} to="/" underline="none" sx={{ fontWeight: 800, fontSize: 22, color: 'primary.main' }}>
          {BRAND}
        </Link>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LanguageSwitch />
          <Button component={RouterLink} to={tokens ? '/cabinet' : '/users/sign_in'} variant="outlined" data-testid="landing-sign-in">
            {tokens ? t('nav.cabinet') : t('landing.signIn')}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ flex: 1 }}>{children}</Box>
      <Stack component="footer" direction="row" spacing={3} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap', px: 3, py: 4 }} data-testid="platform-footer">
        {FOOTER.map(([to, key]) => (
          <Link key={to} component={RouterLink} to={to} variant="body2" color="text.secondary">
            {t(key)}
          </Link>
        ))}
        <Typography variant="body2" color="text.secondary">
          © {BRAND}
        </Typography>
      </Stack>
    </Box>
  );
}
