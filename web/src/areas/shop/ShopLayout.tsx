import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { BRAND } from '../../components/brand';

export function ShopLayout({ seller, children, pageColor }: { seller?: string | null; children: ReactNode; pageColor?: string | undefined }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: pageColor ?? 'background.default' }} data-testid="shop-page">
      <Box component="header" sx={{ bgcolor: '#fff', borderBottom: '1px solid #e3e6ea' }}>
        <Container maxWidth="md">
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', py: 1.5 }}>
            <Typography sx={{ fontWeight: 700 }} data-testid="shop-seller">
              {seller ?? ''}
            </Typography>
            <LanguageSwitch buyer />
          </Stack>
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, md: 5 } }}>
        {children}
      </Container>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', pb: 3 }}>
        {BRAND}
      </Typography>
    </Box>
  );
}
