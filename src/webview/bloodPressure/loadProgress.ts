// The status line of a blood-pressure load: "N pages loaded, M readings" while it runs, written at
// most once a frame with the latest page's numbers, then "Cancelling…" and the summary. While pages
// wait to be taken in (a burst), the line holds still, its ring too: nothing on it changes until the
// queue is empty, so a burst costs no layout or paint of the line per frame.
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { formatMessage } from '../common/dom';
import type { StatusLine } from '../common/statusLine';

export class LoadProgress {
  private pageNumber = 0;
  private readings = 0;

  constructor(
    private readonly status: StatusLine,
    private readonly strings: BloodPressureStrings,
    private readonly numbers: Intl.NumberFormat,
  ) {}

  /** A new load: nothing loaded yet, shown at once. */
  start(): void {
    this.pageNumber = 0;
    this.readings = 0;
    this.status.hold(false);
    this.write();
  }

  /** The latest page's number and the readings the host had loaded with it (shown at the next write). */
  arrived(pageNumber: number, readings: number): void {
    this.pageNumber = pageNumber;
    this.readings = readings;
  }

  /** Once a frame: the line as of the latest page, or held still while `waiting` pages are queued. */
  show(waiting: number): void {
    this.status.hold(waiting > 0);
    if (waiting === 0) this.write();
  }

  /** Cancel was pressed: the ring and Cancel go, the line says so until the load ends. */
  cancelling(): void {
    this.status.show(false, this.strings.cancelling);
  }

  /** The load ended: what it loaded (and whether it was cancelled). */
  finish(cancelled: boolean, readings: number, pages: number, unreadable: number): void {
    const template = cancelled ? this.strings.cancelledSummary : this.strings.loadedSummary;
    let text = formatMessage(template, this.numbers.format(readings), pages);
    if (unreadable > 0) text += ` ${formatMessage(this.strings.unreadableTimestamps, unreadable)}`;
    this.clear(text);
  }

  /** No load running (an error): the line shows `text` alone. */
  clear(text = ''): void {
    this.status.hold(false);
    this.status.show(false, text);
  }

  private write(): void {
    this.status.show(true, formatMessage(this.strings.loadingPages, this.pageNumber, this.numbers.format(this.readings)));
  }
}
