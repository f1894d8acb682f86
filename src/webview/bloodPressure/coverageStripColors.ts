// The coverage strip's colours: the theme's variables VS Code sets on <html> (light, dark, high
// contrast), read when the strip first draws and again when the theme changes.

/** The strip's colours, from the theme's variables (the same the cells' CSS used). */
export interface StripColors {
  has: string;
  none: string;
  separator: string;
  border: string;
  notLoaded: string;
}

/** The theme's colours for the strip: the variables VS Code sets on <html>, as the cells' CSS had them. */
export function stripColors(element: HTMLElement): StripColors {
  const style = getComputedStyle(element);
  const variable = (...names: string[]): string => {
    for (const name of names) {
      const value = style.getPropertyValue(name).trim();
      if (value) return value;
    }
    return 'transparent';
  };
  return {
    has: variable('--vscode-charts-blue'),
    none: variable('--vscode-editorWidget-background'),
    separator: variable('--vscode-editor-background'),
    border: variable('--vscode-panel-border', '--vscode-contrastBorder'),
    notLoaded: variable('--vscode-disabledForeground', '--vscode-descriptionForeground'),
  };
}
