import { useEffect } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { useMutation } from '@tanstack/react-query';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { ProfileEditor } from '../cabinet/profile/ProfileEditPage';
import { PublisherOnly } from './usePublisher';

/** `/publish/profile/edit`: the details, bank account and documents a publisher is paid by (core §2), the same
 * steps a seller is legitimated by; opening it the first time opens the publisher's payment account. */
export default function PublishProfilePage() {
  return (
    <PublisherOnly>
      <Profile />
    </PublisherOnly>
  );
}

function Profile() {
  const open = useMutation({ mutationFn: () => sdk.openPaymentAccount() });
  const { mutate } = open;
  useEffect(() => mutate(), [mutate]);
  if (open.isError) return <ErrorState error={open.error} onRetry={() => open.mutate()} />;
  if (!open.isSuccess) return <Skeleton variant="rounded" height={320} />;
  return <ProfileEditor home="/publish/payouts" />;
}
