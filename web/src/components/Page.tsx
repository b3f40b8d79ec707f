import type { ComponentType, ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

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

/** A page whose content only a profile may see: its title (a catalogue key), the guard that shows the way in to
 * someone without that profile yet, and the content. */
export function guardedPage(titleKey: string, Guard: ComponentType<{ children: ReactNode }>, Content: ComponentType) {
  return function GuardedPage() {
    const { t } = useTranslation();
    return (
      <Page title={t(titleKey)}>
        <Guard>
          <Content />
        </Guard>
      </Page>
    );
  };
}
