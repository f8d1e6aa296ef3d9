/** Notification rules: which DCA events notify, a minimum USD value, quiet hours. */
import type { NotificationRules } from '../../lib/settings';
import { invalidProps, SaveNote, type SectionProps } from './save';

/** An edit of the rules: top-level fields, or some of the events / quiet-hours fields. */
type RulesEdit = Partial<Pick<NotificationRules, 'enabled' | 'minUsd'>> & {
  events?: Partial<NotificationRules['events']>;
  quietHours?: Partial<NotificationRules['quietHours']>;
};

const EVENTS: [keyof NotificationRules['events'], string][] = [
  ['Opened', 'Order opened'],
  ['Filled', 'Order filled (each cycle)'],
  ['Closed', 'Order closed'],
  ['Deposit', 'Deposit'],
  ['Withdraw', 'Withdrawal'],
];

export function NotificationsSection({ settings, save, notes }: SectionProps) {
  const rules = settings.notifications;
  // settingsSet merges top-level keys only, so the whole rules object goes in every patch, merged
  // onto the latest rules; the handlers read the event's value when they call this (a plain value)
  const put = (edit: RulesEdit) =>
    void save('notifications', ({ notifications: r }) => ({
      notifications: {
        ...r,
        ...edit,
        events: { ...r.events, ...edit.events },
        quietHours: { ...r.quietHours, ...edit.quietHours },
      },
    }));
  return (
    <section aria-labelledby="notify-title" data-testid="options-notifications">
      <h2 id="notify-title">Notifications for watched wallets</h2>
      <div class="row">
        <label>
          <input
            type="checkbox"
            data-testid="notify-enabled"
            checked={rules.enabled}
            onChange={(e) => put({ enabled: e.currentTarget.checked })}
          />{' '}
          Desktop notifications
        </label>
      </div>
      <fieldset class="row" disabled={!rules.enabled}>
        <legend>Events</legend>
        {EVENTS.map(([key, label]) => (
          <label key={key}>
            <input
              type="checkbox"
              data-testid={`notify-${key}`}
              checked={rules.events[key]}
              onChange={(e) => put({ events: { [key]: e.currentTarget.checked } })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <div class="row">
        <label for="min-usd">Minimum value (USD)</label>
        <input
          id="min-usd"
          data-testid="notify-min-usd"
          {...invalidProps(notes.notifications, 'notifications', 'min-usd')}
          type="number"
          min={0}
          step="any"
          value={rules.minUsd}
          onChange={(e) => {
            const n = e.currentTarget.valueAsNumber;
            put({ minUsd: Number.isFinite(n) ? n : -1 }); // -1 lets settingsSet explain the bound
          }}
        />
      </div>
      <div class="row">
        <label>
          <input
            type="checkbox"
            data-testid="quiet-enabled"
            checked={rules.quietHours.enabled}
            onChange={(e) => put({ quietHours: { enabled: e.currentTarget.checked } })}
          />{' '}
          Quiet hours
        </label>
        {/* named "Quiet hours start" / "end" in full: "from" / "to" alone say nothing out of context */}
        <label for="quiet-start">
          <span class="sr-only">Quiet hours </span>start
        </label>
        <input
          id="quiet-start"
          type="time"
          data-testid="quiet-start"
          {...invalidProps(notes.notifications, 'notifications', 'quiet-start')}
          value={rules.quietHours.start}
          onChange={(e) => put({ quietHours: { start: e.currentTarget.value } })}
        />
        <label for="quiet-end">
          <span class="sr-only">Quiet hours </span>end
        </label>
        <input
          id="quiet-end"
          type="time"
          data-testid="quiet-end"
          {...invalidProps(notes.notifications, 'notifications', 'quiet-end')}
          value={rules.quietHours.end}
          onChange={(e) => put({ quietHours: { end: e.currentTarget.value } })}
        />
      </div>
      <p class="muted small">Quiet hours follow this computer's clock.</p>
      <SaveNote section="notifications" note={notes.notifications} />
    </section>
  );
}
