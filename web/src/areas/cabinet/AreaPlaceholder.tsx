import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '../../components/NotBuiltYet';
import NotFoundPage from '../public/NotFoundPage';
import type { NavGroup } from '../../components/Shell';
import { findNavItem } from './nav';

/** Unbuilt areas listed in the navigation show "not built yet"; anything else is a 404. */
export function AreaPlaceholder({ groups }: { groups: NavGroup[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const item = findNavItem(groups, pathname.replace(/\/+$/, ''));
  return item ? <NotBuiltYet area={t(`nav.${item.key}`)} /> : <NotFoundPage />;
}
