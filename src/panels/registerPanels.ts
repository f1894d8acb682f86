import type { ExtensionServices } from '../services';

/** Registers the webview panels' commands and serializers. Filled in by the panels work (issue 5). */
export function registerPanels(_services: ExtensionServices): void {}
