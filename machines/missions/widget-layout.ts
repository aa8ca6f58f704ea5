/**
 * Mission widget geometry (spec §9 Widgets, §3 Mission widget), pure: heights, the stacking rule and what is read
 * back from local storage.
 *
 * §9: "Widgets: 144 px high open; 76 px (screens under 640 px wide) or 90 px collapsed; 10 px gap; minimum top 74 px."
 *
 * The stacking rule (`layoutWidgets`), so that widgets never overlap and stay on screen:
 * 1. Each widget wants its `positionY` (a non-finite one wants the minimum top); none is placed above 74 px.
 * 2. They are taken in order of wanted top (ties: the order given), and each is pushed below the one before it
 *    plus the 10 px gap when it would overlap it.
 * 3. If the stack then goes past the bottom of the viewport, it is pulled up from the bottom: the last widget ends
 *    at the bottom edge and each one above it ends at least a gap above the next.
 * 4. Pulling up never goes above 74 px: the first widget is put back at 74 px at most and step 2 is run again, so
 *    when the widgets do not all fit, the last ones go past the bottom (the page scrolls to them) but none overlaps.
 * When the stack fits (the heights plus the gaps are at most the viewport's height − 74), every widget ends within
 * [74, viewport height − its height].
 */

export const WIDGET_OPEN_HEIGHT = 144;
export const WIDGET_COLLAPSED_HEIGHT_NARROW = 76;
export const WIDGET_COLLAPSED_HEIGHT = 90;
/** Screens narrower than this have the narrow collapsed height. */
export const WIDGET_NARROW_BELOW = 640;
export const WIDGET_GAP = 10;
export const WIDGET_MIN_TOP = 74;
/** How far one arrow key moves a widget. */
export const WIDGET_KEY_STEP = 10;

export interface Viewport {
  width: number;
  height: number;
}

export interface WidgetWish {
  id: string;
  positionY: number;
  isOpen: boolean;
}

export interface WidgetPlace {
  id: string;
  top: number;
  height: number;
}

export function widgetHeight(isOpen: boolean, viewportWidth: number): number {
  if (isOpen) return WIDGET_OPEN_HEIGHT;
  return viewportWidth < WIDGET_NARROW_BELOW ? WIDGET_COLLAPSED_HEIGHT_NARROW : WIDGET_COLLAPSED_HEIGHT;
}

/** The highest top a widget of that height may have to stay on screen (never above the minimum top). */
export const maxTop = (height: number, viewport: Viewport) => Math.max(WIDGET_MIN_TOP, viewport.height - height);

/** One widget alone on screen: its top within [74, viewport height − height]. */
export function clampTop(top: number, height: number, viewport: Viewport): number {
  const wanted = Number.isFinite(top) ? top : WIDGET_MIN_TOP;
  return Math.min(maxTop(height, viewport), Math.max(WIDGET_MIN_TOP, Math.round(wanted)));
}

function pushDown(places: WidgetPlace[]) {
  for (let i = 1; i < places.length; i++) {
    const before = places[i - 1]!;
    places[i]!.top = Math.max(places[i]!.top, before.top + before.height + WIDGET_GAP);
  }
}

/** Where each widget goes (in the order given), by the stacking rule above. */
export function layoutWidgets(widgets: readonly WidgetWish[], viewport: Viewport): WidgetPlace[] {
  const order = widgets
    .map((w, index) => ({
      index,
      place: {
        id: w.id,
        top: Math.max(WIDGET_MIN_TOP, Number.isFinite(w.positionY) ? Math.round(w.positionY) : WIDGET_MIN_TOP),
        height: widgetHeight(w.isOpen, viewport.width),
      },
    }))
    .sort((a, b) => a.place.top - b.place.top || a.index - b.index);
  const places = order.map((o) => o.place);
  pushDown(places);
  const last = places.at(-1);
  if (last && last.top + last.height > viewport.height) {
    last.top = Math.min(last.top, viewport.height - last.height);
    for (let i = places.length - 2; i >= 0; i--) {
      const below = places[i + 1]!;
      places[i]!.top = Math.min(places[i]!.top, below.top - WIDGET_GAP - places[i]!.height);
    }
    for (const place of places) place.top = Math.max(WIDGET_MIN_TOP, place.top);
    pushDown(places);
  }
  const byIndex: WidgetPlace[] = [];
  order.forEach((o) => {
    byIndex[o.index] = o.place;
  });
  return byIndex;
}

/** A widget's saved state (§3 Mission widget: positionY, isOpen), as kept in local storage by id. */
export interface SavedWidget {
  positionY: number;
  isOpen: boolean;
}

const MAX_SAVED = 50;
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What was read from local storage (the raw string, or what a parse gave), validated: only plain objects of
 * `{ positionY, isOpen }` by a safe id (letters, digits, `_` or `-`, never `__proto__`, `constructor` or
 * `prototype`), a finite top within [74, viewport height − the widget's height] and a boolean `isOpen`. Anything
 * else is dropped, so that widget takes its default place. At most 50 entries are read.
 */
export function restorePositions(raw: unknown, viewport: Viewport): Record<string, SavedWidget> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const restored: Array<[string, SavedWidget]> = [];
  for (const [id, saved] of Object.entries(value as Record<string, unknown>).slice(0, MAX_SAVED)) {
    if (FORBIDDEN.has(id) || !SAFE_ID.test(id)) continue;
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) continue;
    const { positionY, isOpen } = saved as Record<string, unknown>;
    if (typeof isOpen !== 'boolean' || typeof positionY !== 'number' || !Number.isFinite(positionY)) continue;
    if (positionY < WIDGET_MIN_TOP || positionY > maxTop(widgetHeight(isOpen, viewport.width), viewport)) continue;
    restored.push([id, { positionY, isOpen }]);
  }
  return Object.fromEntries(restored);
}
