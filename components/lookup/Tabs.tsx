/** A row of toggle buttons (aria-pressed) that picks one of a few values: chart interval, order side. */
export function Tabs<T extends string>({
  legend,
  label,
  options,
  value,
  onPick,
  testId,
}: {
  /** read by screen readers only */
  legend: string;
  /** shown before the buttons ("Candles:") when they need it to be understood; the legend says it to screen readers */
  label?: string;
  /**
   * [value, text, name?]: `name` spells out a terse text ("1m": "1-minute candles"); it is the
   * tooltip, and the accessible name is the text followed by it, so a voice command of the text works
   */
  options: readonly (readonly [T, string, string?])[];
  value: T;
  onPick: (v: T) => void;
  /** each button's data-testid is `${testId}-${value}` */
  testId: string;
}) {
  return (
    <fieldset class="tabs">
      <legend class="sr-only">{legend}</legend>
      {label && (
        <span class="tabs-label muted small" aria-hidden="true">
          {label}
        </span>
      )}
      {options.map(([v, text, name]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          aria-label={name ? `${text} (${name})` : undefined}
          title={name}
          data-testid={`${testId}-${v}`}
          onClick={() => onPick(v)}
        >
          {text}
        </button>
      ))}
    </fieldset>
  );
}
