/** A row of toggle buttons (aria-pressed) that picks one of a few values: chart interval, order side. */
export function Tabs<T extends string>({
  legend,
  options,
  value,
  onPick,
  testId,
}: {
  /** read by screen readers only */
  legend: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onPick: (v: T) => void;
  /** each button's data-testid is `${testId}-${value}` */
  testId: string;
}) {
  return (
    <fieldset class="tabs">
      <legend class="sr-only">{legend}</legend>
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          data-testid={`${testId}-${v}`}
          onClick={() => onPick(v)}
        >
          {text}
        </button>
      ))}
    </fieldset>
  );
}
