import { describe, expect, it } from 'vitest';
import spec from '../../../../openapi.json';
import en from '../../../i18n/en.json';
import de from '../../../i18n/de.json';
import { EVENT_TYPES } from './webhookWords';

const schemas = spec.components.schemas as Record<string, { enum?: string[] }>;

/** `order.paid` is the nested key `webhooks.event.order.paid`. */
function word(catalogue: typeof en, type: string): unknown {
  return type.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue.webhooks.event);
}

describe('webhook event types', () => {
  it('the picker offers every event the API sends, but the test event', () => {
    expect([...EVENT_TYPES, 'ping'].sort()).toEqual([...(schemas.EventType?.enum ?? [])].sort());
  });
  it('name every event in en and de', () => {
    for (const type of schemas.EventType?.enum ?? []) {
      expect(typeof word(en, type), `${type} (en)`).toBe('string');
      expect(typeof word(de, type), `${type} (de)`).toBe('string');
    }
  });
});
