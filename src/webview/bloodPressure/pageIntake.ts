// How a load's pages reach the views. A page message is only queued (and acknowledged: the host's
// flow control counts it as taken); the queue goes into the store in one pass at the next frame,
// so a burst of pages costs one task per frame instead of one store update, progress write and
// paint check per message. The first page of a load is taken and painted at once. The views are
// then redrawn at most as often as the PaintPacer allows; while pages queue faster than frames come
// (a burst) the progress ring and text hold still, written again with the views' next paint.
import type { ReadingStore } from '../../domain/bloodPressure/bloodPressureStore';
import type { BloodPressureHostMessage } from '../../shared/bloodPressureProtocol';
import { PaintPacer } from './paintPacer';

type PageMessage = Extract<BloodPressureHostMessage, { type: 'page' }>;

/** What the intake needs of the view. */
export interface IntakeView {
  store(): ReadingStore;
  /** The load is still painting its pages (loading, and not cancelled). */
  painting(): boolean;
  /** Data on screen already (the first page painted). */
  showingData(): boolean;
  /** Every view from the store, with the progress text, and the render report. */
  paint(): void;
  /** Writes the progress text: pages and readings so far. */
  progress(pageNumber: number, readingsLoaded: number): void;
  /** Holds the progress ring still, or lets it turn. */
  holdRing(held: boolean): void;
}

export class PageIntake {
  private readonly pacer = new PaintPacer();
  private queued: PageMessage[] = [];
  /** The latest page's number and the readings the host had loaded with it. */
  private pageNumber = 0;
  private readingsLoaded = 0;

  constructor(private readonly view: IntakeView) {}

  /** A page arrived: the first is painted now, later ones at the next frame, several in one pass. */
  arrive(message: PageMessage): void {
    this.queued.push(message);
    this.pageNumber = message.pageNumber;
    this.readingsLoaded = message.readingsLoaded;
    // After a Cancel the pages are taken in at `complete` (drain), and painted then.
    if (!this.view.painting()) return;
    if (!this.view.showingData()) return this.takeAndPaint();
    this.pacer.nextFrame(() => this.takeAndPaint());
  }

  /** Puts every waiting page into the store, in arrival order; returns how many pages that was. */
  drain(): number {
    const pages = this.queued;
    if (pages.length === 0) return 0;
    this.queued = [];
    this.view.store().addPages(pages.map((page) => page.columns));
    return pages.length;
  }

  /** The progress text of the pages so far. */
  showProgress(): void {
    this.view.progress(this.pageNumber, this.readingsLoaded);
  }

  /** Paints every view now (a pending timed paint is dropped) and remembers what it took. */
  measure(paint: () => void): void {
    this.pacer.measure(paint);
  }

  /** A new load: what was waiting is dropped, and its first views are painted at once. */
  restart(): void {
    this.stop(true);
    this.pacer.restart();
    this.pageNumber = 0;
    this.readingsLoaded = 0;
  }

  /** Drops the pending frame and timed paint (Cancel, the end of a load, an error); an error drops the queue too. */
  stop(dropQueued = false): void {
    this.pacer.stop();
    if (dropQueued) this.queued = [];
  }

  /** Once a frame while loading: the queue into the store; the views when the pacer allows. */
  private takeAndPaint(): void {
    const taken = this.drain();
    if (!this.view.painting() || this.view.store().readingCount === 0) return;
    // A burst (several pages at one frame) writes no progress until the views are painted.
    const burst = taken > 1;
    this.view.holdRing(burst);
    if (!burst) this.showProgress();
    const wait = this.pacer.waitMs();
    if (!this.view.showingData() || wait <= 0) return this.view.paint();
    this.pacer.later(() => {
      if (!this.view.painting()) return;
      this.drain();
      this.view.paint();
    }, wait);
  }
}
