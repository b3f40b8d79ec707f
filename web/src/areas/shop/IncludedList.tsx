import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface IncludedItem {
  productId: number;
  name: string;
  form: string;
  downloadUrl?: string | null;
  deliveryLink?: string | null;
  deliveryText?: string | null;
  courseUrl?: string | null;
}

/** What a membership or bundle includes, each with the way to get it: a download, a course, a link or a text. */
export function IncludedList({ items }: { items: readonly IncludedItem[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ width: '100%', textAlign: 'left' }} data-testid="included-items">
      <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1, display: 'block' }}>
        {t('bundle.included')}
      </Typography>
      <List dense disablePadding>
        {items.map((x) => (
          <ListItem key={x.productId} divider sx={{ flexWrap: 'wrap', gap: 1 }} data-testid={`included-item-${x.name}`}>
            <ListItemText
              primary={x.name}
              secondary={x.deliveryText ? <span style={{ whiteSpace: 'pre-wrap' }}>{x.deliveryText}</span> : t(`products.forms.${x.form}`)}
              sx={{ minWidth: 160 }}
            />
            {x.courseUrl ? (
              <Button size="small" variant="contained" component={RouterLink} to={x.courseUrl} startIcon={<SchoolIcon />}>
                {t('bundle.openCourse')}
              </Button>
            ) : null}
            {x.downloadUrl ? (
              <Button size="small" variant="contained" href={x.downloadUrl} startIcon={<DownloadIcon />} download>
                {t('payer.download')}
              </Button>
            ) : null}
            {x.deliveryLink ? (
              <Button size="small" variant="outlined" href={x.deliveryLink} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />}>
                {t('bundle.openLink')}
              </Button>
            ) : null}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
