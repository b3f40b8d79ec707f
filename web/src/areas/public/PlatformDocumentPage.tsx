import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { PublicLayout } from './PublicLayout';

type Document = 'terms' | 'privacy' | 'imprint';

/** `/terms`, `/privacy`, `/imprint`: the operator's documents in the reader's language (en or de). */
export default function PlatformDocumentPage({ document }: { document: Document }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  const doc = useQuery({
    queryKey: ['platform', 'document', document, lang],
    queryFn: ({ signal }) => sdk.platformDocument(document, { lang }, { signal }),
  });
  return (
    <PublicLayout>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2.125rem' }, hyphens: 'auto', overflowWrap: 'break-word' }}>
          {t(`platform.documents.${document}`)}
        </Typography>
        <Paper sx={{ p: { xs: 2, md: 4 } }} data-testid="platform-document">
          {doc.isPending ? <Skeleton variant="rounded" height={240} /> : null}
          {doc.isError ? <Alert severity="error">{t('platform.loadFailed')}</Alert> : null}
          {doc.data ? (
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {doc.data.text}
            </Typography>
          ) : null}
        </Paper>
      </Container>
    </PublicLayout>
  );
}
