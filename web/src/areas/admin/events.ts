/** A Temporal history event type in words: `EVENT_TYPE_ACTIVITY_TASK_COMPLETED` → key `ACTIVITY_TASK_COMPLETED`;
 * event types without a label (new ones Temporal adds) read as words of the type itself. */
export function eventKey(eventType: string): string {
  return eventType.replace(/^EVENT_TYPE_/, '');
}

export function eventWords(eventType: string): string {
  const words = eventKey(eventType).toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
