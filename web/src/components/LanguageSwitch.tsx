import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import NativeSelect from '@mui/material/NativeSelect';
import { useTranslation } from 'react-i18next';
import { BUYER_LANGUAGES, changeLanguage, LANGUAGES } from '../i18n';
import { languageOf } from '../i18n/languages';

/**
 * The language switch. The cabinet's is an EN | DE toggle; a buyer's page (`buyer`) offers the twenty languages
 * of core §9 by their own names in a native select (light enough for the shop bundle, and a phone's own picker).
 */
export function LanguageSwitch({ color = 'default', buyer = false }: { color?: 'default' | 'inverse'; buyer?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = languageOf(i18n.language).code;
  if (buyer) {
    return (
      <NativeSelect
        value={current}
        onChange={(e) => changeLanguage(e.target.value)}
        inputProps={{ 'aria-label': t('common.language'), ...({ 'data-testid': 'language-select' } as object) }}
        disableUnderline
        sx={{ fontSize: 14, '& select': { py: 0.5 } }}
      >
        {BUYER_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.tag} dir={l.rtl ? 'rtl' : undefined}>
            {l.name}
          </option>
        ))}
      </NativeSelect>
    );
  }
  return (
    <Box role="group" aria-label={t('common.language')} data-testid="language-switch" sx={{ display: 'inline-flex', gap: 0.5 }}>
      {LANGUAGES.map((lang) => {
        const active = lang === current;
        return (
          <Button
            key={lang}
            size="small"
            variant={active ? 'outlined' : 'text'}
            color={color === 'inverse' ? 'inherit' : 'primary'}
            aria-pressed={active}
            lang={lang}
            onClick={() => changeLanguage(lang)}
            data-testid={`lang-${lang}`}
            sx={{ minWidth: 40, px: 1 }}
          >
            {lang.toUpperCase()}
          </Button>
        );
      })}
    </Box>
  );
}
