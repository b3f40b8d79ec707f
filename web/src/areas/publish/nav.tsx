import HomeIcon from '@mui/icons-material/HomeOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import SwapIcon from '@mui/icons-material/SwapHorizOutlined';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import CodeIcon from '@mui/icons-material/Code';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import ChartIcon from '@mui/icons-material/InsertChartOutlined';
import BellIcon from '@mui/icons-material/NotificationsNoneOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import type { NavGroup } from '../../components/Shell';

/** The publisher area's menu (core §2 `/publish…`): only what works. */
export const PUBLISH_NAV: NavGroup[] = [
  {
    key: 'publish',
    items: [
      { key: 'publishHome', to: '/publish', end: true, icon: <HomeIcon /> },
      { key: 'publishPrograms', to: '/publish/affiliate_programs', icon: <CampaignIcon /> },
      { key: 'publishMarketplace', to: '/publish/affiliate_marketplace', icon: <StorefrontIcon /> },
      { key: 'publishEmbeds', to: '/publish/embeddable_items', icon: <CodeIcon /> },
    ],
  },
  {
    key: 'publishMoney',
    items: [
      { key: 'publishStatistics', to: '/publish/statistics', icon: <ChartIcon /> },
      { key: 'publishOrders', to: '/publish/orders', icon: <ReceiptIcon /> },
      { key: 'publishTransfers', to: '/publish/transfers', icon: <SwapIcon /> },
      { key: 'publishPayouts', to: '/publish/payouts', icon: <BankIcon /> },
      { key: 'publishProfile', to: '/publish/profile/edit', icon: <BadgeIcon /> },
    ],
  },
  {
    key: 'publishAccount',
    items: [
      { key: 'publishDetails', to: '/publish/details', icon: <PersonIcon /> },
      { key: 'publishNotices', to: '/publish/email_notification', icon: <BellIcon /> },
      { key: 'publishSupport', to: '/publish/support', icon: <HelpIcon /> },
    ],
  },
];
