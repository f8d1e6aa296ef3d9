/** Notification rules: which DCA events notify, a minimum USD value, quiet hours. */
import type { NotificationRules } from '../../lib/settings';
import { SaveNote, type SectionProps } from './save';

// values are read while the event is live; the patch function gets them as plain values
const checked = (e: Event) => (e.currentTarget as HTMLInputElement).checked;
const value = (e: Event) => (e.currentTarget as HTMLInputElement).value;

const EVENTS: [keyof NotificationRules['events'], string][] = [
  ['Opened', 'Order opened'],
  ['Filled', 'Order filled (each cycle)'],
  ['Closed', 'Order closed'],
  ['Deposit', 'Deposit'],
  ['Withdraw', 'Withdrawal'],
];

export function NotificationsSection({ settings, save, notes }: SectionProps) {
  const rules = settings.notifications;
  // settingsSet merges top-level keys only, so the whole rules object goes in every patch
  const put = (next: (r: NotificationRules) => Partial<NotificationRules>) =>
    void save('notifications', (s) => ({ notifications: { ...s.notifications, ...next(s.notifications) } }));
  return (
    <section aria-labelledby="notify-title" data-testid="options-notifications">
      <h2 id="notify-title">Notifications for watched wallets</h2>
      <div class="row">
        <label>
          <input
            type="checkbox"
            data-testid="notify-enabled"
            checked={rules.enabled}
            onChange={(e) => {
              const v = checked(e);
              put(() => ({ enabled: v }));
            }}
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
              onChange={(e) => {
                const v = checked(e);
                put((r) => ({ events: { ...r.events, [key]: v } }));
              }}
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
          type="number"
          min={0}
          step="any"
          value={rules.minUsd}
          onChange={(e) => {
            const n = e.currentTarget.valueAsNumber;
            put(() => ({ minUsd: Number.isFinite(n) ? n : -1 })); // -1 lets settingsSet explain the bound
          }}
        />
      </div>
      <div class="row">
        <label>
          <input
            type="checkbox"
            data-testid="quiet-enabled"
            checked={rules.quietHours.enabled}
            onChange={(e) => {
              const v = checked(e);
              put((r) => ({ quietHours: { ...r.quietHours, enabled: v } }));
            }}
          />{' '}
          Quiet hours
        </label>
        <label for="quiet-start">from</label>
        <input
          id="quiet-start"
          type="time"
          data-testid="quiet-start"
          value={rules.quietHours.start}
          onChange={(e) => {
            const v = value(e);
            put((r) => ({ quietHours: { ...r.quietHours, start: v } }));
          }}
        />
        <label for="quiet-end">to</label>
        <input
          id="quiet-end"
          type="time"
          data-testid="quiet-end"
          value={rules.quietHours.end}
          onChange={(e) => {
            const v = value(e);
            put((r) => ({ quietHours: { ...r.quietHours, end: v } }));
          }}
        />
      </div>
      <SaveNote section="notifications" note={notes.notifications} />
    </section>
  );
}
