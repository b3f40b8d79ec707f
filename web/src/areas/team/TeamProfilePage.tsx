import { useEffect } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { useMutation } from '@tanstack/react-query';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { ProfileEditor } from '../cabinet/profile/ProfileEditPage';
import { TeamOnly } from './useTeam';

/** `/team_member/profile/edit`: the details, bank account and documents a team member is paid by (core §2), the
 * steps a seller is legitimated by; opening it the first time opens their payment account. */
export default function TeamProfilePage() {
  return (
    <TeamOnly>
      <Profile />
    </TeamOnly>
  );
}

function Profile() {
  const open = useMutation({ mutationFn: () => sdk.openTeamPaymentAccount() });
  const { mutate } = open;
  useEffect(() => mutate(), [mutate]);
  if (open.isError) return <ErrorState error={open.error} onRetry={() => open.mutate()} />;
  if (!open.isSuccess) return <Skeleton variant="rounded" height={320} />;
  return <ProfileEditor home="/team_member/payouts" />;
}
