import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight }} role="progressbar" aria-busy="true">
      <CircularProgress />
    </Box>
  );
}
