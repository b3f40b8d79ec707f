import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { BRAND } from '../../components/brand';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: 3, py: 2 }}>
        <Link component={RouterLink} to="/" underline="none" sx={{ fontWeight: 800, fontSize: 22 }}>
          {BRAND}
        </Link>
        <LanguageSwitch />
      </Box>
      <Container component="main" maxWidth="xs" sx={{ flex: 1, display: 'flex', alignItems: 'flex-start', pt: { xs: 2, sm: 8 } }}>
        <Paper sx={{ p: 4, width: '100%' }}>
          <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
