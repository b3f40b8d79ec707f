import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from '../app/notify';

/** Copies `text` to the clipboard and says so; `label` names what is copied for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('common.copy')}>
      <IconButton
        size="small"
        aria-label={`${t('common.copy')}: ${label}`}
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(
            () => toast(t('common.copied'), 'success'),
            () => toast(t('common.copyFailed'), 'error'),
          );
        }}
      >
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
