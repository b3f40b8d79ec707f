import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/Panel';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { CREATABLE_FORMS } from '../products/editor/steps';
import { useSellerUsername } from '../useSellerUsername';

type Legal = Answer<'get_legal_texts'>;
type Texts = Legal['imprint'];
type Form = (typeof CREATABLE_FORMS)[number];
const KEY = ['pages', 'legal'] as const;
const DOCS = ['terms', 'cancellationTerms', 'privacy', 'imprint'] as const;
const PATHS: Record<(typeof DOCS)[number], string> = {
  terms: 'terms',
  cancellationTerms: 'cancellation_terms',
  privacy: 'privacy',
  imprint: 'imprint',
};
// the API's client writes a dictionary's keys in camelCase too: a product type's key as it arrives
const camel = (form: string) => form.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
const CONSENT_RULES = ['eu_consumers', 'everyone'] as const;

function TextsFields({ texts, onChange }: { texts: Texts; onChange: (next: Texts) => void }) {
  const { t } = useTranslation();
  return (
    <>
      {(['en', 'de'] as const).map((lang) => (
        <TextField
          key={lang}
          multiline
          minRows={3}
          label={t(`builder.legal.${lang}`)}
          value={texts[lang] ?? ''}
          onChange={(e) => onChange({ ...texts, [lang]: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 20000 } }}
        />
      ))}
    </>
  );
}

/** The shop's legal documents in en and de (terms, cancellation terms and a product type's own, privacy policy,
 * imprint): shown at `/s/{username}/document/{document}`, linked from the footer of every built page that shows
 * legal links, from the checkout and from the order mails; and whom the checkout asks for the consent to begin a
 * digital delivery at once. */
export function LegalPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const username = useSellerUsername();
  const legal = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.getLegalTexts({ signal }) });
  const [value, setValue] = useState<Legal | null>(null);
  const [form, setForm] = useState<Form>('course');
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
  const byType = (value.cancellationTermsByType ?? {}) as Record<string, Texts>;
  const own = byType[camel(form)] ?? { en: '', de: '' };
  return (
    <Panel title={t('builder.legal.title')} intro={t('builder.legal.intro')}>
        {DOCS.map((doc) => (
          <Stack key={doc} spacing={1} data-testid={`legal-${PATHS[doc]}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3">
                {t(`storefront.documents.${PATHS[doc]}`)}
              </Typography>
              {username && (value[doc].en || value[doc].de) ? (
                <Link href={`/s/${encodeURIComponent(username)}/document/${PATHS[doc]}`} target="_blank" rel="noopener">
                  {t('builder.legal.open')}
                </Link>
              ) : null}
            </Stack>
            <TextsFields texts={value[doc]} onChange={(next) => setValue({ ...value, [doc]: next })} />
            {doc === 'cancellationTerms' ? (
              <Stack spacing={1} sx={{ pl: { sm: 2 }, borderLeft: { sm: '2px solid' }, borderColor: { sm: 'divider' } }}>
                <Typography variant="body2" color="text.secondary">
                  {t('builder.legal.perType')}
                </Typography>
                <TextField
                  select
                  size="small"
                  label={t('builder.legal.productType')}
                  value={form}
                  onChange={(e) => setForm(e.target.value as Form)}
                  sx={{ maxWidth: 320 }}
                  data-testid="legal-product-type"
                >
                  {CREATABLE_FORMS.map((f) => (
                    <MenuItem key={f} value={f}>
                      {t(`products.forms.${f}`)}
                      {byType[camel(f)]?.en || byType[camel(f)]?.de ? ` · ${t('builder.legal.ownTerms')}` : ''}
                    </MenuItem>
                  ))}
                </TextField>
                <TextsFields
                  texts={own}
                  onChange={(next) => setValue({ ...value, cancellationTermsByType: { ...byType, [camel(form)]: next } })}
                />
              </Stack>
            ) : null}
          </Stack>
        ))}
        <TextField
          select
          label={t('builder.legal.consent')}
          helperText={t('builder.legal.consentHelp')}
          value={value.withdrawalConsent ?? 'eu_consumers'}
          onChange={(e) => setValue({ ...value, withdrawalConsent: e.target.value as (typeof CONSENT_RULES)[number] })}
          data-testid="legal-consent-rule"
        >
          {CONSENT_RULES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`builder.legal.consentRules.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={() => save.mutate()} loading={save.isPending} data-testid="legal-save">
            {t('common.save')}
          </Button>
        </Stack>
    </Panel>
  );
}
