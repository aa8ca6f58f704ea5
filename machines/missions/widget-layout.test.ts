import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampTop,
  layoutWidgets,
  restorePositions,
  widgetHeight,
  WIDGET_GAP,
  WIDGET_MIN_TOP,
  type Viewport,
  type WidgetPlace,
  type WidgetWish,
} from './widget-layout';

const phone: Viewport = { width: 390, height: 844 };
const desktop: Viewport = { width: 1440, height: 900 };
const wish = (id: string, positionY: number, isOpen = true): WidgetWish => ({ id, positionY, isOpen });

const overlaps = (places: WidgetPlace[]) => {
  const sorted = [...places].sort((a, b) => a.top - b.top);
  return sorted.some((p, i) => i > 0 && p.top < sorted[i - 1]!.top + sorted[i - 1]!.height + WIDGET_GAP);
};

describe('widget geometry (§9)', () => {
  it('is 144 px open; collapsed 76 px under 640 px wide, else 90 px', () => {
    expect(widgetHeight(true, 390)).toBe(144);
    expect(widgetHeight(true, 1440)).toBe(144);
    expect(widgetHeight(false, 639)).toBe(76);
    expect(widgetHeight(false, 640)).toBe(90);
  });

  it('keeps one widget within [74, viewport height − height]', () => {
    expect(clampTop(10, 144, phone)).toBe(74);
    expect(clampTop(5000, 144, phone)).toBe(700);
    expect(clampTop(300.4, 144, phone)).toBe(300);
    expect(clampTop(Number.NaN, 144, phone)).toBe(74);
    // A viewport lower than a widget: the minimum top wins.
    expect(clampTop(200, 144, { width: 390, height: 100 })).toBe(74);
  });

  it('leaves widgets apart where they want to be', () => {
    expect(layoutWidgets([wish('a', 100), wish('b', 400, false)], phone)).toEqual([
      { id: 'a', top: 100, height: 144 },
      { id: 'b', top: 400, height: 76 },
    ]);
  });

  it('pushes an overlapping widget below the one above it plus the gap, in order of wanted top', () => {
    expect(layoutWidgets([wish('b', 120), wish('a', 100)], desktop)).toEqual([
      { id: 'b', top: 254, height: 144 },
      { id: 'a', top: 100, height: 144 },
    ]);
    // Same wanted top: the order given.
    expect(layoutWidgets([wish('a', 74, false), wish('b', 74, false)], desktop).map((p) => p.top)).toEqual([74, 174]);
  });

  it('never places one above 74 px', () => {
    expect(layoutWidgets([wish('a', -50), wish('b', Number.NaN, false)], phone).map((p) => p.top)).toEqual([74, 228]);
  });

  it('pulls the stack up when it overflows the bottom', () => {
    const places = layoutWidgets([wish('a', 600), wish('b', 700)], phone);
    expect(places).toEqual([
      { id: 'a', top: 546, height: 144 },
      { id: 'b', top: 700, height: 144 },
    ]);
  });

  it('when they cannot all fit, none overlaps and the first stays at 74 px', () => {
    const many = Array.from({ length: 6 }, (_, i) => wish(`w${i}`, 800));
    const places = layoutWidgets(many, phone);
    expect(places[0]!.top).toBe(74);
    expect(overlaps(places)).toBe(false);
  });

  it('never overlaps, and stays on screen when the stack fits (property)', () => {
    const widgets = fc.uniqueArray(
      fc.record({
        id: fc.stringMatching(/^[a-z]{1,6}$/),
        positionY: fc.oneof(fc.integer({ min: -500, max: 3000 }), fc.constant(Number.NaN)),
        isOpen: fc.boolean(),
      }),
      { selector: (w) => w.id, maxLength: 8 },
    );
    const viewport = fc.record({
      width: fc.integer({ min: 280, max: 2560 }),
      height: fc.integer({ min: 200, max: 1600 }),
    });
    fc.assert(
      fc.property(widgets, viewport, (ws, vp) => {
        const places = layoutWidgets(ws, vp);
        if (overlaps(places)) return false;
        if (places.some((p) => p.top < WIDGET_MIN_TOP)) return false;
        const needed = places.reduce((sum, p) => sum + p.height, 0) + WIDGET_GAP * Math.max(0, places.length - 1);
        if (needed <= vp.height - WIDGET_MIN_TOP) return places.every((p) => p.top + p.height <= vp.height);
        return true;
      }),
    );
  });
});

describe('restorePositions: what local storage gave', () => {
  const good = { m1: { positionY: 200, isOpen: true }, 'm-2': { positionY: 500, isOpen: false } };

  it('reads well-formed saved widgets, from the raw string or a parsed value', () => {
    expect(restorePositions(JSON.stringify(good), phone)).toEqual(good);
    expect(restorePositions(good, phone)).toEqual(good);
  });

  it('garbage, wrong types and non-objects give defaults', () => {
    for (const raw of [null, undefined, '', 'not json', '{', '42', '"x"', '[1,2]', 42, true, [good]]) {
      expect(restorePositions(raw, phone)).toEqual({});
    }
    expect(
      restorePositions(
        {
          a: null,
          b: 'top',
          c: { positionY: '200', isOpen: true },
          d: { positionY: 200, isOpen: 'yes' },
          e: [200, true],
          f: { positionY: 200 },
        },
        phone,
      ),
    ).toEqual({});
  });

  it('NaN, infinite, negative, above 74 px or below the screen fall back to defaults', () => {
    const raw = {
      a: { positionY: Number.NaN, isOpen: true },
      b: { positionY: Number.POSITIVE_INFINITY, isOpen: true },
      c: { positionY: -10, isOpen: true },
      d: { positionY: 73, isOpen: true },
      e: { positionY: 701, isOpen: true }, // 844 − 144 = 700
      f: { positionY: 700, isOpen: true },
      g: { positionY: 768, isOpen: false }, // 844 − 76
    };
    expect(restorePositions(raw, phone)).toEqual({ f: raw.f, g: raw.g });
    expect(restorePositions('{"a":{"positionY":1e999,"isOpen":true}}', phone)).toEqual({});
  });

  it('ignores prototype-polluting and unsafe keys', () => {
    const raw =
      '{"__proto__":{"positionY":100,"isOpen":true},"constructor":{"positionY":100,"isOpen":true},' +
      '"prototype":{"positionY":100,"isOpen":true},"<img>":{"positionY":100,"isOpen":true},"ok":{"positionY":100,"isOpen":true}}';
    const restored = restorePositions(raw, phone);
    expect(Object.keys(restored)).toEqual(['ok']);
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).positionY).toBeUndefined();
  });

  it('reads at most 50 entries', () => {
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`m${i}`, { positionY: 100, isOpen: true }]));
    expect(Object.keys(restorePositions(many, phone))).toHaveLength(50);
  });
});
