import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from './PublicLayout';

export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
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
          <Button component={RouterLink} to="/plans" variant="text" size="large" data-testid="landing-plans">
            {t('platform.plans.title')}
          </Button>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
