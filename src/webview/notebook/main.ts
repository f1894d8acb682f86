// The notebook renderer of Health Data cell results (RESULT_MIME), an ES module VS Code loads into
// the notebook's output page. Each output is drawn in a shadow root of its own: the panels' ids
// (a chart's key hint, a grid's rows) and styles stay inside it, however many outputs the page
// holds. disposeOutputItem undoes what an output set up (observers, the chart's window listeners).
import markersCss from '../labMarkers/labMarkers.css';
import bloodPressureCss from '../bloodPressure/bloodPressure.css';
import panelCss from '../common/panel.css';
import uPlotCss from 'uplot/dist/uPlot.min.css';
import notebookCss from './notebook.css';
import type { CellResult } from '../../notebook/model';
import { readCellResult, requestLine } from '../../notebook/resultPresentation';
import { isNotebookRendererHostMessage, type NotebookRendererMessage, type NotebookRendererStrings } from '../../shared/notebookRendererProtocol';
import { el } from '../common/dom';
import { registerToolkit } from '../common/toolkit';
import type { ActivationFunction, OutputItem } from './rendererApi';
import { ENGLISH_STRINGS } from './rendererStrings';
import { ResultView } from './resultView';

interface Rendered {
  item: OutputItem;
  root: ShadowRoot;
  view: ResultView | undefined;
}

let styles: CSSStyleSheet | undefined;

/** One style sheet for every output of the page, adopted by each shadow root. */
function sharedStyles(): CSSStyleSheet {
  if (!styles) {
    styles = new CSSStyleSheet();
    styles.replaceSync([uPlotCss, panelCss, bloodPressureCss, markersCss, notebookCss].join('\n'));
  }
  return styles;
}

export const activate: ActivationFunction = (context) => {
  registerToolkit();
  let strings: NotebookRendererStrings = ENGLISH_STRINGS;
  const rendered = new Map<string, Rendered>();
  const post = context.postMessage?.bind(context);
  const openBody = post
    ? (result: CellResult): void =>
        post({ type: 'openBody', title: requestLine(result.request), body: result.body, environmentId: result.environment.id, operation: result.call ?? result.operation } satisfies NotebookRendererMessage)
    : undefined;

  const draw = (entry: Rendered): void => {
    entry.view?.dispose();
    entry.view = undefined;
    let result;
    try {
      result = readCellResult(entry.item.json());
    } catch {
      result = undefined;
    }
    if (!result) {
      entry.root.replaceChildren(el('p', { className: 'note', text: strings.output.unreadableOutput }));
      return;
    }
    const view = new ResultView(result, strings, openBody);
    entry.view = view;
    entry.root.replaceChildren(view.element);
    view.attached();
  };

  // The localized words come from the extension when it listens; until then (and without it) English.
  context.onDidReceiveMessage?.((message) => {
    if (!isNotebookRendererHostMessage(message)) return;
    strings = message.strings;
    for (const entry of rendered.values()) draw(entry);
  });
  context.postMessage?.({ type: 'stringsRequest' } satisfies NotebookRendererMessage);

  return {
    renderOutputItem(item, element) {
      const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [sharedStyles()];
      const entry: Rendered = rendered.get(item.id) ?? { item, root, view: undefined };
      entry.item = item;
      entry.root = root;
      rendered.set(item.id, entry);
      draw(entry);
    },
    disposeOutputItem(id) {
      const entries = id === undefined ? [...rendered.keys()] : [id];
      for (const key of entries) {
        rendered.get(key)?.view?.dispose();
        rendered.delete(key);
      }
    },
  };
};
