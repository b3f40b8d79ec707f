import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { useSellerUsername } from '../useSellerUsername';

type Legal = Answer<'get_legal_texts'>;
const KEY = ['pages', 'legal'] as const;
const DOCS = ['cancellationTerms', 'imprint'] as const;
const PATHS: Record<(typeof DOCS)[number], string> = { cancellationTerms: 'cancellation_terms', imprint: 'imprint' };

/** The shop's legal documents in en and de: shown at `/s/{username}/document/{document}` and linked from the footer
 * of every built page that shows legal links. */
export function LegalPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const username = useSellerUsername();
  const legal = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.getLegalTexts({ signal }) });
  const [value, setValue] = useState<Legal | null>(null);
  useEffect(() => {
    if (legal.data) setValue(legal.data);
  }, [legal.data]);
  const save = useMutation({
    mutationFn: () => sdk.saveLegalTexts(value as Legal),
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved);
      toast(t('common.saved'), 'success');
    },
  });
  if (!value) return null;
  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('builder.legal.title')}
        </Typography>
        {DOCS.map((doc) => (
          <Stack key={doc} spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1">{t(`storefront.documents.${PATHS[doc]}`)}</Typography>
              {username && (value[doc].en || value[doc].de) ? (
                <Link href={`/s/${encodeURIComponent(username)}/document/${PATHS[doc]}`} target="_blank" rel="noopener">
                  {t('builder.legal.open')}
                </Link>
              ) : null}
            </Stack>
            {(['en', 'de'] as const).map((lang) => (
              <TextField
                key={lang}
                multiline
                minRows={3}
                label={t(`builder.legal.${lang}`)}
                value={value[doc][lang] ?? ''}
                onChange={(e) => setValue({ ...value, [doc]: { ...value[doc], [lang]: e.target.value } })}
                slotProps={{ htmlInput: { maxLength: 20000 } }}
              />
            ))}
          </Stack>
        ))}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
