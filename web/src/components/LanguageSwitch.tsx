import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../i18n';

/** EN | DE toggle (kept light: the shop bundle includes it). */
export function LanguageSwitch({ color = 'default' }: { color?: 'default' | 'inverse' }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'de' ? 'de' : 'en';
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
