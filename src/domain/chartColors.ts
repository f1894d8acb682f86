// Which theme colour paints what in the blood-pressure chart. Theme variables, not fixed colours,
// so Light, Dark and High Contrast themes each keep them readable.
import type { BloodPressureCategory } from './bloodPressureCategory';

/** Theme colour of each category: the same variable paints the chart band and the legend swatch. */
export const CATEGORY_COLOR_VARIABLE: Record<BloodPressureCategory, string> = {
  normal: '--vscode-charts-green',
  elevated: '--vscode-charts-yellow',
  stage1: '--vscode-charts-orange',
  stage2: '--vscode-charts-red',
  crisis: '--vscode-charts-purple',
};

/** Series colours: none of them paints a category band, so a line is never mistaken for a band. */
export const SERIES_COLOR_VARIABLES = [
  '--vscode-charts-blue',
  '--vscode-terminal-ansiCyan',
  '--vscode-charts-foreground',
  '--vscode-terminal-ansiMagenta',
  '--vscode-terminal-ansiBrightBlue',
  '--vscode-terminal-ansiBrightCyan',
];

