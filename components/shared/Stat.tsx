import type { ComponentChildren } from 'preact';

/** A small labelled figure in a card grid. */
export function Stat({ label, children, cls }: { label: string; children: ComponentChildren; cls?: string }) {
  return (
    <div class="ol-stat">
      <span>{label}</span>
      <b class={cls}>{children}</b>
    </div>
  );
}
