import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A page of the apps: its heading (the page's one h1), with the page's main action beside it when it has one
 * (below it on a narrow screen), above its content. */
export function Page({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const heading = (
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
  );
  return (
    <Stack spacing={2}>
      {action ? (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          {heading}
          {action}
        </Stack>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
