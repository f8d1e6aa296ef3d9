/** PnL mode, currency, theme and how many badges a page may get. */
import type { Settings } from '../../lib/settings';
import { invalidProps, type Note, SaveNote, type SectionProps } from './save';

function Select<K extends 'pnlMode' | 'currency' | 'theme'>({
  id,
  label,
  value,
  options,
  onPick,
  note,
}: {
  id: K;
  label: string;
  value: Settings[K];
  options: [Settings[K], string][];
  onPick: (v: Settings[K]) => void;
  note: Note | undefined;
}) {
  return (
    <div class="row">
      <label for={`opt-${id}`}>{label}</label>
      <select
        id={`opt-${id}`}
        data-testid={`opt-${id}`}
        {...invalidProps(note, 'display', `opt-${id}`)}
        value={value}
        onChange={(e) => onPick(e.currentTarget.value as Settings[K])}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DisplaySection({ settings, save, notes }: SectionProps) {
  return (
    <section aria-labelledby="display-title" data-testid="options-display">
      <h2 id="display-title">Display</h2>
      <Select
        id="pnlMode"
        label="PnL mode"
        value={settings.pnlMode}
        options={[
          ['strict', 'Strict'],
          ['adjusted', 'Adjusted'],
          ['raw', 'Raw'],
        ]}
        onPick={(pnlMode) => void save('display', { pnlMode })}
        note={notes.display}
      />
      <p class="muted small" data-testid="pnl-mode-help">
        The API flags some positions. Strict (the default): a flagged position counts as zero realized profit.
        Adjusted: flagged positions are kept, but their profit is capped by a safer cost-basis rule. Raw:
        nothing is filtered, every position counts as the API reports it. Badges on pages always show Strict
        PnL in USD: with another mode or currency they show no PnL. The popover and the wallet lookup use the
        mode chosen here.
      </p>
      <Select
        id="currency"
        label="Currency"
        value={settings.currency}
        options={[
          ['usd', 'USD'],
          ['sol', 'SOL'],
          ['eur', 'EUR'],
        ]}
        onPick={(currency) => void save('display', { currency })}
        note={notes.display}
      />
      <Select
        id="theme"
        label="Theme"
        value={settings.theme}
        options={[
          ['auto', 'Automatic (popup: the system; badges: the page)'],
          ['light', 'Light'],
          ['dark', 'Dark'],
        ]}
        onPick={(theme) => void save('display', { theme })}
        note={notes.display}
      />
      <div class="row">
        <label for="opt-maxBadges">Most badges on a page at once</label>
        <input
          id="opt-maxBadges"
          data-testid="opt-maxBadges"
          {...invalidProps(notes.display, 'display', 'opt-maxBadges')}
          type="number"
          min={10}
          max={2000}
          step={10}
          value={settings.maxBadges}
          onChange={(e) => void save('display', { maxBadges: e.currentTarget.valueAsNumber })}
        />
      </div>
      <SaveNote section="display" note={notes.display} />
    </section>
  );
}
