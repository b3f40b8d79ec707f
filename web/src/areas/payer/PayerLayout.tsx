import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../api/session';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { BRAND } from '../../components/brand';
import { RequireAuth } from '../auth/RequireAuth';

/** `/payer/s/{seller}/…`: the payer's area at one seller, signed in by that seller's magic link. */
export default function PayerLayout() {
  const { t } = useTranslation();
  const { seller = '' } = useParams();
  const navigate = useNavigate();
  const home = `/payer/s/${encodeURIComponent(seller)}`;
  return (
    <RequireAuth profile="payer" signInPath={`/s/${encodeURIComponent(seller)}/sign_in`}>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <Box component="header" sx={{ bgcolor: '#fff', borderBottom: '1px solid #e3e6ea' }}>
          <Container maxWidth="lg">
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 1.5 }}>
              <Link component={RouterLink} to={home} underline="none" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap data-testid="payer-home">
                {t('payer.areaOf', { seller })}
              </Link>
              <LanguageSwitch buyer />
              <Button
                size="small"
                onClick={() => {
                  void sessionApi.signOut().then(() => navigate(`/s/${encodeURIComponent(seller)}/sign_in`));
                }}
              >
                {t('common.signOut')}
              </Button>
            </Stack>
          </Container>
        </Box>
        <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
          <Outlet />
        </Container>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', pb: 3 }}>
          {BRAND}
        </Typography>
      </Box>
    </RequireAuth>
  );
}
