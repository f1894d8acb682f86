// The heat map's colour steps (no reading, 1, 2–3, 4 or more) from two theme colours: the page's
// background and an ink (the theme's chart blue). Each step mixes more ink into the background, so
// in every theme — light, dark, high contrast — "no reading" is the step closest to the background
// (an empty row reads as empty) and more readings stand out more from it.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Share of ink in each step; the empty step keeps a trace, so an empty cell is still a cell. */
export const HEAT_INK_SHARES = [0.1, 0.4, 0.7, 1] as const;

/** Below this contrast with the background the ink cannot carry four steps: the foreground is used. */
export const MIN_INK_CONTRAST = 3;

/**
 * The four step colours, darkest-to-brightest against a dark background and the other way round
 * against a light one. `ink` falls back to `foreground` when it is too close to the background.
 */
export function heatScale(background: Rgb, ink: Rgb, foreground: Rgb): [Rgb, Rgb, Rgb, Rgb] {
  const chosen = contrastRatio(ink, background) >= MIN_INK_CONTRAST ? ink : foreground;
  const [empty, one, some, many] = HEAT_INK_SHARES.map((share) => mix(background, chosen, share));
  return [empty!, one!, some!, many!];
}

export function mix(from: Rgb, to: Rgb, share: number): Rgb {
  const channel = (a: number, b: number): number => Math.round(a + (b - a) * share);
  return { r: channel(from.r, to.r), g: channel(from.g, to.g), b: channel(from.b, to.b) };
}

/** WCAG 2 relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  const linear = (value: number): number => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 (same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * A CSS colour as the browser normalises it (`#rrggbb`, `#rgb`, `rgb(…)`, `rgba(…)`); a translucent
 * one is laid over `under`. Undefined for anything else.
 */
export function parseColor(text: string, under: Rgb = { r: 0, g: 0, b: 0 }): Rgb | undefined {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const long = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const byte = (i: number): number => parseInt(long.slice(i * 2, i * 2 + 2), 16);
    return over({ r: byte(0), g: byte(1), b: byte(2) }, long.length === 8 ? byte(3) / 255 : 1, under);
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (!fn) return undefined;
  const alpha = fn[4] === undefined ? 1 : Number(fn[4]) / (fn[5] ? 100 : 1);
  return over({ r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]) }, alpha, under);
}

function over(color: Rgb, alpha: number, under: Rgb): Rgb {
  return alpha >= 1 ? color : mix(under, color, Math.max(0, alpha));
}

export function toCss({ r, g, b }: Rgb): string {
  return `rgb(${r}, ${g}, ${b})`;
}
