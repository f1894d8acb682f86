// What the contract lens found in the responses of a panel's current load: the count its
// deviation line shows, and the list its Show opens. A new load starts again from nothing; a
// response of an earlier load (still on its way) is not counted.
import type { Deviation } from '../api/contract/deviations';
import { deviationCount } from '../api/contract/deviations';
import { deviationsOf, panelDeviationDocument, type ReadResponse } from '../domain/requests/deviationPresentation';
import { jsonDocumentFileName } from '../domain/requests/jsonDocument';
import { deviationsInPlaces, deviationWords, panelDeviationLine, panelDeviationsDocument, panelDeviationsStrings } from '../l10n/deviationStrings';
import type { PanelDeviationsMessage } from '../shared/panelDeviations';

export class LoadDeviations {
  private load = 0;
  private responses: ReadResponse[] = [];
  private places = 0;

  /** A new load: the line hides until one of its responses differs. */
  start(): void {
    this.load++;
    this.responses = [];
    this.places = 0;
  }

  /** The CallOptions.onDeviations of one request of the current load; `changed` posts the new count. */
  listener(request: string, changed: () => void): (deviations: Deviation[]) => void {
    const load = this.load;
    return (deviations) => {
      if (load !== this.load) return;
      this.responses.push({ request, deviations });
      const places = deviationCount(deviations);
      if (places === 0) return;
      this.places += places;
      changed();
    };
  }

  /** The listener for every page of a cursor load: the list names each "request · page N". */
  pagedListener(request: string, changed: () => void): (deviations: Deviation[]) => void {
    let page = 0;
    const load = this.load;
    return (deviations) => {
      page++;
      if (load === this.load) this.listener(panelDeviationsDocument.page(request, page), changed)(deviations);
    };
  }

  message(): PanelDeviationsMessage {
    const deviations = deviationsOf(this.responses);
    const text = panelDeviationLine(deviationsInPlaces(deviations, this.places));
    return { type: 'deviations', load: this.load, places: this.places, text, strings: panelDeviationsStrings() };
  }

  /** The Show document's tab name and text; undefined when nothing differs. */
  document(panelTitle: string): { fileName: string; text: string } | undefined {
    if (this.places === 0) return undefined;
    const fileName = jsonDocumentFileName(panelDeviationsDocument.fileName(panelTitle)).replace(/\.json$/, '.txt');
    const title = panelDeviationsDocument.title(panelTitle);
    return { fileName, text: panelDeviationDocument(title, this.responses, deviationWords(), panelDeviationsDocument.intro()) };
  }
}
