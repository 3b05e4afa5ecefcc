import { references } from './fields.ts';
import { texts } from './texts.ts';

/**
 * An article's or blog post's topics (API-3.md "Alerts"): public practice areas and industries,
 * the same choice a subscriber has, so its alert reaches the subscribers of either.
 */
export function topics() {
  return references(
    'Topics',
    [
      { type: 'services', heading: texts('Practice areas', 'Направления практики', 'Faoliyat yo‘nalishlari') },
      { type: 'industries', heading: texts('Industries', 'Отрасли', 'Sohalar') },
    ],
    { filter: 'topic', label: texts('Topics (practice areas and industries)', 'Темы (направления практики и отрасли)', 'Mavzular (faoliyat yo‘nalishlari va sohalar)') },
  );
}
