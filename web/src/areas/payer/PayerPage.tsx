import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import * as sdk from '../../api/sdk.gen';
import { sessionApi } from '../../api/session';
import { useCurrentUser } from '../../app/useCurrentUser';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { EmptyState } from '../../components/EmptyState';
import { BRAND } from '../../components/brand';
import DownloadIcon from '@mui/icons-material/Download';
import { openProtectedFile } from '../../lib/download';
import { toast } from '../../app/notify';
import { ErasureCard } from './ErasureCard';

/** `/payer`: the shops the payer bought from, each leading to its own payer area. */
export default function PayerPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const shops = useQuery({ queryKey: ['payer', 'sellers'], queryFn: ({ signal }) => sdk.payerShops({ signal }) });
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 3, py: 2 }}>
        <Typography sx={{ fontWeight: 800, fontSize: 22, color: 'primary.main' }}>{BRAND}</Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LanguageSwitch buyer />
          <Button
            onClick={() => {
              void sessionApi.signOut().then(() => navigate('/users/sign_in'));
            }}
          >
            {t('common.signOut')}
          </Button>
        </Stack>
      </Stack>
      <Container maxWidth="md" sx={{ pt: 4 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('payer.title')}
        </Typography>
        {me.data ? <Typography color="text.secondary" sx={{ mb: 3 }}>{me.data.email}</Typography> : null}
        <Paper data-testid="payer-shops">
          {shops.isPending ? (
            <Skeleton variant="rounded" height={120} />
          ) : shops.data?.usernames.length ? (
            <List>
              {shops.data.usernames.map((u) => (
                <ListItemButton key={u} component={RouterLink} to={`/payer/s/${encodeURIComponent(u)}`}>
                  <ListItemText primary={u} secondary={t('payer.openShopArea')} />
                </ListItemButton>
              ))}
            </List>
          ) : (
            <EmptyState title={t('payer.noShops')} />
          )}
        </Paper>
        <Paper sx={{ p: 2, mt: 3 }} data-testid="payer-data">
          <Typography variant="h6" component="h2">
            {t('payer.data.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('payer.data.intro')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(['json', 'csv'] as const).map((format) => (
              <Button
                key={format}
                variant="outlined"
                startIcon={<DownloadIcon />}
                onClick={() => {
                  void openProtectedFile(`/v1/payer/data_export?format=${format}`).then((ok) => ok || toast(t('payer.data.failed'), 'error'));
                }}
                data-testid={`payer-data-${format}`}
              >
                {t(`payer.data.${format}`)}
              </Button>
            ))}
            <ErasureCard />
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
