import HomeIcon from '@mui/icons-material/HomeOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import SwapIcon from '@mui/icons-material/SwapHorizOutlined';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import type { NavGroup } from '../../components/Shell';

/** The team member area's menu (core §2 `/team_member…`): only what works. */
export const TEAM_NAV: NavGroup[] = [
  {
    key: 'team',
    items: [
      { key: 'teamHome', to: '/team_member', end: true, icon: <HomeIcon /> },
      { key: 'teamInvites', to: '/team_member/invites', icon: <MailIcon /> },
      { key: 'teamDetails', to: '/team_member/details', icon: <PersonIcon /> },
      { key: 'teamSupport', to: '/team_member/support', icon: <HelpIcon /> },
    ],
  },
  {
    key: 'teamSales',
    items: [
      { key: 'teamOrders', to: '/team_member/orders', icon: <ReceiptIcon /> },
      { key: 'teamTransfers', to: '/team_member/transfers', icon: <SwapIcon /> },
      { key: 'teamPayouts', to: '/team_member/payouts', icon: <BankIcon /> },
      { key: 'teamProfile', to: '/team_member/profile/edit', icon: <BadgeIcon /> },
    ],
  },
];
