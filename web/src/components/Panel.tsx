import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled section of a cabinet page: its heading, a line saying what it is for, and its content. */
export function Panel({ title, intro, children }: { title: string; intro?: string | undefined; children: ReactNode }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {intro ? (
          <Typography variant="body2" color="text.secondary">
            {intro}
          </Typography>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
