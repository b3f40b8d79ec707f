import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Divider from '@mui/material/Divider';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import EditIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import LinkIcon from '@mui/icons-material/Link';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product, ProductAction } from '../../../api/types';
import { availableActions } from './productState';

const ICONS: Record<ProductAction, React.ReactNode> = {
  publish: <PublishIcon fontSize="small" />,
  unpublish: <UnpublishedIcon fontSize="small" />,
  archive: <ArchiveIcon fontSize="small" />,
  unarchive: <UnarchiveIcon fontSize="small" />,
  duplicate: <ContentCopyIcon fontSize="small" />,
};

export function ProductRowActions({
  product,
  shopUrl,
  busy,
  onAction,
  onLinks,
}: {
  product: Product;
  shopUrl: string | null;
  busy: boolean;
  onAction: (action: ProductAction) => void;
  onLinks: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={`${t('common.actions')}: ${product.name}`}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={busy}
        data-testid={`product-actions-${product.id}`}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {(
          [
            { key: 'links', icon: <LinkIcon fontSize="small" />, go: onLinks },
            { key: 'edit', icon: <EditIcon fontSize="small" />, go: () => navigate(`/cabinet/products/${product.id}/edit`) },
            { key: 'preview', icon: <VisibilityIcon fontSize="small" />, go: () => navigate(`/cabinet/products/${product.id}/preview`) },
          ] as const
        ).map((item) => (
          <MenuItem
            key={item.key}
            onClick={() => {
              close();
              item.go();
            }}
            data-testid={`action-${item.key}`}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{t(`products.actions.${item.key}`)}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem component="a" href={shopUrl ?? undefined} target="_blank" rel="noopener" disabled={!shopUrl} onClick={close} data-testid="action-product-page">
          <ListItemIcon>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t(`products.links.page.${product.form}`, { defaultValue: t('products.actions.productPage') })}</ListItemText>
        </MenuItem>
        <Divider />
        {availableActions(product).map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              close();
              onAction(action);
            }}
            data-testid={`action-${action}`}
          >
            <ListItemIcon>{ICONS[action]}</ListItemIcon>
            <ListItemText>{t(`products.actions.${action}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
