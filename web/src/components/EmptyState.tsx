import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }} data-testid="empty-state">
      {icon ? <Box sx={{ mb: 1, '& svg': { fontSize: 48 } }}>{icon}</Box> : null}
      <Typography variant="body1" sx={{ mb: children ? 2 : 0 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
