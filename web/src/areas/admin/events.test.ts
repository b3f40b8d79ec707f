import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { formatDateTimeMs } from '../../components/dates';
import { eventKey, eventWords } from './events';

describe('history events in words', () => {
  it('labels the event types a checkout writes', () => {
    for (const type of ['EVENT_TYPE_WORKFLOW_EXECUTION_STARTED', 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED', 'EVENT_TYPE_MARKER_RECORDED']) {
      expect(en.ops.events).toHaveProperty([eventKey(type)]);
    }
    expect(en.ops.events.ACTIVITY_TASK_COMPLETED).toBe('Step completed');
  });
  it('reads an unknown type as words instead of a constant', () => {
    expect(eventWords('EVENT_TYPE_NEXUS_OPERATION_STARTED')).toBe('Nexus operation started');
  });
  it('shows times to the millisecond', () => {
    expect(formatDateTimeMs('2026-11-22T10:11:12.345Z')).toMatch(/^\d\d\.\d\d\.2026 \d\d:\d\d:12\.345$/);
  });
});
