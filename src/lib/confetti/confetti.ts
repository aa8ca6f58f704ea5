/**
 * The confetti burst of §2.3 ("a confetti animation can be triggered from an element: 40 rectangles, 20 dots"),
 * drawn by canvas-confetti. The library is fetched when a burst is first asked for (never in the first load), and
 * not at all when the player asked for reduced motion: then nothing moves and nothing is fetched.
 *
 * Under the app's Content-Security-Policy (scripts/lib/csp.ts) the library's worker cannot run: it is built from a
 * `blob:` URL, and `worker-src` falls back to `script-src 'self'`. So the burst is drawn on the page's own thread
 * (`useWorker: false`) on a canvas of ours laid over the page, styled through the CSSOM (not a style attribute).
 */
import type { CreateTypes, GlobalOptions, Options } from 'canvas-confetti';

/** §2.3 / §9: how many pieces one burst throws. */
export const CONFETTI = { rectangles: 40, dots: 20 } as const;

/** The one function of canvas-confetti the burst uses. */
export interface ConfettiLibrary {
  create(canvas: HTMLCanvasElement, options: GlobalOptions): CreateTypes;
}

/** What a burst needs of the browser (faked in tests). */
export interface ConfettiEnvironment {
  /** The player asked for reduced motion (`prefers-reduced-motion: reduce`). */
  reducedMotion(): boolean;
  viewport(): { width: number; height: number };
  /** The brand's colours for the pieces (hex); empty: the library's own. */
  colors(): string[];
  load(): Promise<ConfettiLibrary>;
  /** A canvas over the whole page for one burst, and how to take it away again. */
  overlay(): { canvas: HTMLCanvasElement; remove(): void };
}

export type BurstOutcome = 'fired' | 'reduced-motion';

/** The common flight of both kinds of piece: a short, wide burst upwards from the element. */
const FLIGHT: Options = { spread: 70, startVelocity: 38, ticks: 180, gravity: 1, zIndex: 100 };

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5);

/** Where the element's centre is, as the library's origin (fractions of the viewport). */
export function originOf(
  rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  viewport: { width: number; height: number },
) {
  return {
    x: clamp01((rect.left + rect.width / 2) / viewport.width),
    y: clamp01((rect.top + rect.height / 2) / viewport.height),
  };
}

/**
 * Throws one burst from `element` (40 rectangles and 20 dots from its centre); resolves when the pieces have
 * landed and the canvas is gone. With reduced motion it resolves at once with `reduced-motion`.
 */
export async function burstFrom(
  element: Pick<Element, 'getBoundingClientRect'>,
  env: ConfettiEnvironment = browserConfetti,
): Promise<BurstOutcome> {
  if (env.reducedMotion()) return 'reduced-motion';
  const library = await env.load();
  const origin = originOf(element.getBoundingClientRect(), env.viewport());
  const colors = env.colors();
  const { canvas, remove } = env.overlay();
  try {
    const fire = library.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
    const common: Options = { ...FLIGHT, origin, ...(colors.length > 0 ? { colors } : {}) };
    await Promise.all([
      fire({ ...common, particleCount: CONFETTI.rectangles, shapes: ['square'] }),
      fire({ ...common, particleCount: CONFETTI.dots, shapes: ['circle'], scalar: 0.8 }),
    ]);
  } finally {
    remove();
  }
  return 'fired';
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The browser's side: matchMedia, the window's size, the brand's custom properties, a fixed canvas. */
export const browserConfetti: ConfettiEnvironment = {
  reducedMotion: () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  viewport: () => ({ width: window.innerWidth, height: window.innerHeight }),
  colors: () => {
    const style = getComputedStyle(document.documentElement);
    return ['--color-primary', '--color-secondary', '--color-accent', '--color-success']
      .map((name) => style.getPropertyValue(name).trim())
      .filter((value) => HEX.test(value));
  },
  load: () => import('canvas-confetti').then((m) => m.default),
  overlay: () => {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.dataset.testid = 'confetti';
    canvas.className = 'confetti';
    // CSSOM properties, not a style attribute: allowed by the policy's style-src.
    Object.assign(canvas.style, {
      position: 'fixed',
      inset: '0',
      width: '100%',
      height: '100%',
      pointerEvents: 'none',
      zIndex: '100',
    });
    document.body.appendChild(canvas);
    return { canvas, remove: () => canvas.remove() };
  },
};
