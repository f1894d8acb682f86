// The blood-pressure chart's colours, one palette per kind of theme. Fixed colours rather than the
// theme's `charts.*` variables: those are not a categorical palette (in Light Modern the yellow and
// orange bands differed by ΔE00 1.9 once translucent, and two providers' blues by 18), and a palette
// we own can be checked. test/unit/chartColors.test.ts holds every pair to the rules below, in
// every theme kind:
//   - band fills (the colour at `bandAlpha` over the background, as drawn): any two differ by
//     ΔE00 ≥ 10, neighbouring bands by ΔE00 ≥ 5 also for protanopia and deuteranopia (and each band
//     is named beside the plot, so colour is never the only cue); text drawn on a fill keeps a WCAG
//     contrast of 4.5:1; the dashed diastolic threshold lines (a band's full colour) 3:1 on the
//     background;
//   - series lines: 3:1 (WCAG 1.4.11, non-text contrast; 4.5:1 in high contrast) on the
//     background and on every band fill, ΔE00 ≥ 20 from every band colour (a line is never taken
//     for a band), any two ΔE00 ≥ 20 apart (thin lines need several times the just-noticeable 2.3),
//     and ≥ 8 apart for protanopia and deuteranopia.
import type { BloodPressureCategory } from './bloodPressureCategory';

export type ThemeKind = 'light' | 'dark' | 'highContrast' | 'highContrastLight';

export interface ChartPalette {
  /** The editor background the chart is drawn on (the theme's default). */
  background: string;
  /** The theme's default text colour (axes and band names when the theme gives none). */
  text: string;
  /** Opacity of the band fills. */
  bandAlpha: number;
  bands: Record<BloodPressureCategory, string>;
  /** Provider series, by palette slot (seriesColorSlot). */
  series: readonly string[];
}

export const CHART_PALETTES: Record<ThemeKind, ChartPalette> = {
  light: {
    background: '#ffffff',
    text: '#3b3b3b',
    bandAlpha: 0.25,
    bands: { normal: '#2e9e44', elevated: '#f0d000', stage1: '#d96200', stage2: '#d11a1a', crisis: '#7b2fbf' },
    series: ['#2f6bcc', '#cf0178', '#006c54', '#6e4314', '#6d202b', '#666c00'],
  },
  dark: {
    background: '#1f1f1f',
    text: '#cccccc',
    bandAlpha: 0.25,
    bands: { normal: '#4fbf5f', elevated: '#f5e100', stage1: '#ff6f00', stage2: '#ff3b3b', crisis: '#b07cff' },
    series: ['#6aa8ff', '#ffaca4', '#6bffe0', '#fec3ff', '#bfa167', '#1fb4c4'],
  },
  highContrast: {
    background: '#000000',
    text: '#ffffff',
    bandAlpha: 0.35,
    bands: { normal: '#3fd05a', elevated: '#ffe600', stage1: '#ff8000', stage2: '#ff2a2a', crisis: '#c080ff' },
    series: ['#6bacff', '#ff75ab', '#a3ffe3', '#aea968', '#ffb3a2', '#10b9ca'],
  },
  highContrastLight: {
    background: '#ffffff',
    text: '#292929',
    bandAlpha: 0.3,
    bands: { normal: '#2e8a3e', elevated: '#f0cc00', stage1: '#d45a00', stage2: '#c41010', crisis: '#6a2aa8' },
    series: ['#1966d3', '#c4286b', '#805600', '#00315e', '#601534', '#113b0b'],
  },
};

/** The theme kind of a webview's body classes (VS Code sets one of these on <body>). */
export function themeKindOf(bodyClasses: readonly string[]): ThemeKind {
  if (bodyClasses.includes('vscode-high-contrast-light')) return 'highContrastLight';
  if (bodyClasses.includes('vscode-high-contrast')) return 'highContrast';
  if (bodyClasses.includes('vscode-light')) return 'light';
  return 'dark';
}

/** A #rrggbb colour as the 32-bit word of an opaque RGBA pixel on this machine's byte order; undefined for any other form. */
export function rgbaWord(color: string): number | undefined {
  const match = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return undefined;
  const value = Number.parseInt(match[1]!, 16);
  const bytes = new Uint8Array([(value >> 16) & 255, (value >> 8) & 255, value & 255, 255]);
  return new Uint32Array(bytes.buffer)[0]!;
}
