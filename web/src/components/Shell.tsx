import { Suspense, useEffect, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { setActingSeller } from '../api/acting';
import { sessionApi } from '../api/session';
import { useCurrentUser } from '../app/useCurrentUser';
import { showInSellerLanguage } from '../i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { PageLoader } from './PageLoader';
import { BRAND } from './brand';

export interface NavItem {
  /** i18n key under `nav.` */
  key: string;
  to: string;
  icon?: ReactNode;
  /** Match only this exact path. */
  end?: boolean;
}

export interface NavGroup {
  key: string;
  items: NavItem[];
}

const DRAWER_WIDTH = 264;

function pathOf(to: string): string {
  return to.split('?')[0] ?? to;
}

function NavList({ groups, onNavigate }: { groups: NavGroup[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Box component="nav" aria-label={t('common.mainMenu')} sx={{ overflowY: 'auto', pb: 4 }}>
      {groups.map((group) => (
        <List key={group.key} dense subheader={<ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>{t(`nav.groups.${group.key}`)}</ListSubheader>}>
          {group.items.map((item) => {
            const path = pathOf(item.to);
            const selected = item.end ? location.pathname === path : location.pathname === path || location.pathname.startsWith(`${path}/`);
            return (
              <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                end={item.end}
                selected={selected}
                onClick={onNavigate}
                sx={{ borderRadius: 2, mx: 1 }}
                data-testid={`nav-${item.key}`}
              >
                {item.icon ? <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon> : null}
                <ListItemText primary={t(`nav.${item.key}`)} />
              </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      ))}
    </Box>
  );
}

/** App bar + navigation drawer of the cabinet and the admin area (`actions`: the area's own buttons in the bar). */
/** The app's frame: the menu, the bar and the page (the route's, or `content` in its place). */
export function Shell({ title, groups, banner, actions, content }: { title: string; groups: NavGroup[]; banner?: ReactNode; actions?: ReactNode; content?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const me = useCurrentUser();
  // the cabinet speaks en and de: a buyer language chosen in a shop reads as one of them here (and stays saved)
  useEffect(() => showInSellerLanguage(i18n.language), [i18n.language]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    await sessionApi.signOut();
    setActingSeller(null);
    queryClient.clear();
    navigate('/users/sign_in', { replace: true });
  };

  const drawer = (
    <>
      <Toolbar />
      <NavList groups={groups} onNavigate={() => setOpen(false)} />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 2 }}>
          <IconButton color="inherit" edge="start" onClick={() => setOpen(true)} sx={{ display: { md: 'none' } }} aria-label={t('common.openMenu')}>
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="div" sx={{ fontWeight: 800 }}>
            {BRAND}
          </Typography>
          <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {title}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {actions}
          <LanguageSwitch color="inverse" />
          {me.data ? (
            <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' } }} data-testid="current-user">
              {me.data.email}
            </Typography>
          ) : null}
          {/* on a phone the icon alone: the words wrapped onto two lines in the narrow bar */}
          <Button
            color="inherit"
            onClick={() => void signOut()}
            startIcon={<LogoutIcon />}
            aria-label={t('common.signOut')}
            data-testid="sign-out"
            sx={{ whiteSpace: 'nowrap', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('common.signOut')}
            </Box>
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
        {drawer}
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', bgcolor: '#fff', borderRight: '1px solid #e3e6ea' } }}
        open
      >
        {drawer}
      </Drawer>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <Toolbar />
        {banner}
        <Suspense fallback={<PageLoader />}>
          {content ?? <Outlet />}
        </Suspense>
      </Box>
    </Box>
  );
}
