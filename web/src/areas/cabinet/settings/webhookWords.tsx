import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';

export type EventType = Answer<'list_webhook_endpoints'>['list'][number]['events'][number];
type EndpointState = Answer<'list_webhook_endpoints'>['list'][number]['state'];
type DeliveryState = Answer<'list_webhook_deliveries'>['list'][number]['state'];

/** The events an endpoint can take (domain/seller_webhooks.py EventType), in the order the picker shows them; `ping` is
 * the test event, sent to one endpoint on request. */
export const EVENT_TYPES: readonly EventType[] = [
  'order.paid',
  'order.canceled',
  'rate.paid',
  'rate.failed',
  'refund.succeeded',
  'chargeback.opened',
  'claim.opened',
  'claim.closed',
  'payout.paid',
  'payout.returned',
  'ticket.checked_in',
  'affiliate.requested',
  'affiliate.decided',
];

/** An event type in words (`order.paid` is the nested key `webhooks.event.order.paid`). */
export function eventLabel(t: TFunction, type: EventType): string {
  return t(`webhooks.event.${type}`);
}

/** What is wrong with an endpoint's address, from the API's field message (its rule's code). */
export function urlError(t: TFunction, message: string): string {
  if (message.includes('webhook_url_private')) return t('webhooks.privateUrl');
  if (message.includes('webhook_url_https')) return t('webhooks.httpsUrl');
  return t('webhooks.badUrl');
}

export function EndpointStateChip({ state }: { state: EndpointState }) {
  const { t } = useTranslation();
  const color = state === 'active' ? 'success' : state === 'paused' ? 'warning' : 'default';
  return <Chip size="small" color={color} label={t(`enums.endpointState.${state}`)} data-testid="endpoint-state" />;
}

export function DeliveryStateChip({ state }: { state: DeliveryState }) {
  const { t } = useTranslation();
  const color = state === 'delivered' ? 'success' : state === 'failed' ? 'error' : state === 'pending' ? 'info' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={t(`enums.deliveryState.${state}`)} />;
}
