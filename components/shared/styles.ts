/**
 * The one stylesheet of the overlay UI, as strings injected into each shadow root (never into the
 * page). Badges get BADGE_CSS only (hundreds of roots: keep it small); the popover and extension
 * pages get CARD_CSS, which includes the badge rules. Colours are custom properties so the light and
 * dark palettes are a single attribute switch: <div class="ol" data-theme="dark">.
 * Gain/loss colours meet WCAG AA (4.5:1) on both card backgrounds.
 */
const THEME = `
.ol{--ol-bg:#fff;--ol-fg:#111827;--ol-muted:#5b6472;--ol-border:#e3e6ea;--ol-soft:#f2f4f7;
--ol-up:#047857;--ol-down:#b91c1c;--ol-up-bg:#e7f6ef;--ol-down-bg:#fdeeee;--ol-accent:#4338ca;
--ol-warn:#92400e;--ol-warn-bg:#fdf3e2;--ol-shadow:0 8px 28px rgba(16,24,40,.18);
font:12px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
color:var(--ol-fg);font-variant-numeric:tabular-nums;letter-spacing:normal;text-align:left}
.ol[data-theme=dark]{--ol-bg:#151a23;--ol-fg:#eef1f5;--ol-muted:#a3acb9;--ol-border:#2c3442;
--ol-soft:#1f2632;--ol-up:#34d399;--ol-down:#f87171;--ol-up-bg:#10372b;--ol-down-bg:#3d1a1d;
--ol-accent:#a5b4fc;--ol-warn:#fbbf24;--ol-warn-bg:#3a2c10;--ol-shadow:0 8px 28px rgba(0,0,0,.55)}
.ol *{box-sizing:border-box}.ol-card p,.ol-card dl{margin:0}
.up{color:var(--ol-up)}.down{color:var(--ol-down)}.muted{color:var(--ol-muted)}
`;

/**
 * A badge's focus ring is two rings: the overlay's background, then its accent. The badge sits on the
 * page, whose background the overlay's theme may not match (a theme forced in the options, or a
 * page painted by an image): one of the two then stands out from it (the accent alone was 2:1 there).
 */
const BADGE = `
.ol-badge{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;gap:4px;min-height:18px;
padding:0 7px;border-radius:9px;font-size:11px;font-weight:600;line-height:1.4;white-space:nowrap;
cursor:pointer;background:var(--ol-soft);color:var(--ol-fg);border:1px solid var(--ol-border);
max-width:240px;overflow:hidden;text-overflow:ellipsis;font-variant-numeric:tabular-nums}
.ol-badge:focus-visible{outline:2px solid var(--ol-accent);outline-offset:2px;box-shadow:0 0 0 2px var(--ol-bg)}
.ol-badge[data-tint=up]{background:var(--ol-up-bg);border-color:transparent}
.ol-badge[data-tint=down]{background:var(--ol-down-bg);border-color:transparent}
.ol-badge[data-state=loading]{padding:0 4px;background:transparent;border-color:transparent;cursor:default}
.ol-badge[data-state=error]{color:var(--ol-warn);background:var(--ol-warn-bg);border-color:transparent}
.ol-badge[data-state=queued]{color:var(--ol-muted);font-weight:500}
.ol-k{font-weight:500;color:var(--ol-muted)}
.ol-dot{width:6px;height:6px;border-radius:50%;background:var(--ol-muted);opacity:.55;animation:ol-in 0s .15s backwards}
@keyframes ol-in{from{visibility:hidden}}
.ol-mini{display:inline-block;width:28px;height:4px;border-radius:2px;background:var(--ol-border);overflow:hidden}
.ol-mini>i{display:block;height:100%;background:var(--ol-accent)}
:host([data-fit]) button{padding:0 4px}
:host([data-fit]) button>*{display:none}
:host([data-fit]) button::after{content:"";width:6px;height:6px;border-radius:50%;background:var(--ol-muted)}
:host([data-fit]) [data-tint=up]::after{background:var(--ol-up)}
:host([data-fit]) [data-tint=down]::after{background:var(--ol-down)}
:host([data-fit]) [data-state=error]::after{background:var(--ol-warn)}
:host([data-fit]) [data-state=loading]::after{opacity:.55}
`;

const CARD = `
.ol-pop{background:var(--ol-bg);border:1px solid var(--ol-border);border-radius:10px;box-shadow:var(--ol-shadow);
width:340px;max-width:calc(100vw - 16px);overflow:auto;overscroll-behavior:contain;outline:none}
.ol-pop-head{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 10px 0}
.ol-close{all:unset;cursor:pointer;color:var(--ol-muted);font-size:16px;line-height:1;padding:2px 4px;border-radius:4px}
.ol-pop:focus-visible,.ol-close:focus-visible,.ol-btn:focus-visible,.ol-link:focus-visible{outline:2px solid var(--ol-accent)}
.ol-card{padding:8px 10px 10px;display:flex;flex-direction:column;gap:8px}
.ol-title{font-size:13px;font-weight:650;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ol-sub{color:var(--ol-muted);font-size:11px}
.ol-h{font-size:10.5px;font-weight:650;text-transform:uppercase;letter-spacing:.04em;color:var(--ol-muted);margin:2px 0 0}
.ol-grid{display:grid;grid-template-columns:repeat(3,1fr);gap:6px 10px}
.ol-stat{display:flex;flex-direction:column;min-width:0}
.ol-stat>span:first-child{font-size:10.5px;color:var(--ol-muted)}
.ol-stat>b{font-size:12.5px;font-weight:650;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ol-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
.ol-row{display:flex;flex-direction:column;gap:3px;padding:6px 8px;border:1px solid var(--ol-border);border-radius:8px}
.ol-line{display:flex;align-items:center;justify-content:space-between;gap:8px;min-width:0}
.ol-line>*{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ol-wrap{flex-wrap:wrap;row-gap:0}.ol-wrap>*+*{margin-left:auto}
.ol-chip{display:inline-block;padding:0 6px;border-radius:8px;font-size:10.5px;font-weight:600;line-height:16px;
background:var(--ol-soft);color:var(--ol-muted)}
.ol-chip[data-status=active]{background:var(--ol-up-bg);color:var(--ol-up)}
.ol-chip[data-status=paused],.ol-chip[data-status=pending]{background:var(--ol-warn-bg);color:var(--ol-warn)}
.ol-bar{height:6px;border-radius:3px;background:var(--ol-soft);overflow:hidden;flex:1}
.ol-bar>i{display:block;height:100%;background:var(--ol-accent);border-radius:3px}
.ol-ratio{display:flex;height:8px;border-radius:4px;overflow:hidden;background:var(--ol-soft)}
.ol-ratio>.b{background:var(--ol-up)}.ol-ratio>.s{background:var(--ol-down)}
[data-section=outcomes]>li{display:grid;grid-template-columns:minmax(0,9em) 1fr 3em}
[data-section=outcomes] b{text-align:right}
.ol-kv{display:grid;grid-template-columns:auto 1fr;gap:3px 12px}
.ol-kv>dt{color:var(--ol-muted)}.ol-kv>dd{margin:0;text-align:right;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ol-btn{all:unset;cursor:pointer;padding:5px 10px;border-radius:7px;background:var(--ol-accent);color:var(--ol-bg);
font-weight:600;font-size:12px;text-align:center}
.ol-link{all:unset;cursor:pointer;color:var(--ol-accent);font-weight:500}
.ol-link:hover{text-decoration:underline}
.ol-actions{display:flex;align-items:center;justify-content:space-between;gap:8px}
.ol-err{display:flex;gap:6px;align-items:flex-start;color:var(--ol-warn);background:var(--ol-warn-bg);
padding:6px 8px;border-radius:7px}
.ol-logo{width:20px;height:20px;border-radius:50%;object-fit:cover;flex:none}
.ol-initials{display:inline-flex;align-items:center;justify-content:center;background:var(--ol-soft);
color:var(--ol-muted);font-size:9px;font-weight:700;border:1px solid var(--ol-border)}
.ol-spark{display:block}
.ol-spark path{fill:none;stroke:var(--ol-accent);stroke-width:1.5}
.ol-addr{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:11px}
.ol-skel{height:10px;border-radius:4px;background:var(--ol-soft)}
`;

export const BADGE_CSS = THEME + BADGE;
export const CARD_CSS = THEME + BADGE + CARD;
