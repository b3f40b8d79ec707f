import { useEffect } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { useMutation } from '@tanstack/react-query';
import { ErrorState } from '../../components/ErrorState';
import { ProfileEditor } from '../cabinet/profile/ProfileEditPage';
import type { Payee } from './payees';

/** The details, bank account and documents a payee is paid by (core §2), the steps a seller is legitimated by;
 * opening it the first time opens the payee's payment account: `/publish/profile/edit`, `/team_member/profile/edit`. */
export function ProfilePage({ payee }: { payee: Payee }) {
  const { Only } = payee;
  return (
    <Only>
      <Profile payee={payee} />
    </Only>
  );
}

function Profile({ payee }: { payee: Payee }) {
  const open = useMutation({ mutationFn: payee.openAccount });
  const { mutate } = open;
  useEffect(() => mutate(), [mutate]);
  if (open.isError) return <ErrorState error={open.error} onRetry={() => open.mutate()} />;
  if (!open.isSuccess) return <Skeleton variant="rounded" height={320} />;
  return <ProfileEditor home={`${payee.home}/payouts`} />;
}
