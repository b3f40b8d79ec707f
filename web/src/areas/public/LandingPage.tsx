import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useTokens } from '../../app/useTokens';
import { BRAND } from '../../components/brand';

export default function LandingPage() {
  const { t } = useTranslation();
  const tokens = useTokens();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Stack component="header" direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 3, py: 2 }}>
        <Typography sx={{ fontWeight: 800, fontSize: 22, color: 'primary.main' }}>{BRAND}</Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LanguageSwitch />
          <Button component={RouterLink} to={tokens ? '/cabinet' : '/users/sign_in'} variant="outlined" data-testid="landing-sign-in">
            {tokens ? t('nav.cabinet') : t('landing.signIn')}
          </Button>
        </Stack>
      </Stack>
      <Container component="main" maxWidth="md" sx={{ pt: { xs: 6, md: 14 }, textAlign: 'center' }}>
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          {t('landing.title')}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
          {t('landing.tagline')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/users/sign_up" variant="contained" size="large">
            {t('landing.signUp')}
          </Button>
          <Button component={RouterLink} to="/users/sign_in" variant="text" size="large">
            {t('landing.signIn')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
