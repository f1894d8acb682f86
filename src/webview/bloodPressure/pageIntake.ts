// How a load's pages go into the store. The first page of a load goes in on arrival (it is painted
// at once). A later page is queued on arrival, and the queue goes into the store in slices of at
// most SLICE_MS of work, measured with performance.now(), each slice a task of its own: a burst of
// hundreds of pages never holds the main thread longer than a slice, so input and a frame that
// falls due come between two slices, and the next slice follows at once (no frame is waited for,
// so a burst is taken in as fast as the pages themselves cost). After each slice the view hears
// how many pages are in the store and how many still wait (it acknowledges them to the host, and
// holds its progress still while some wait).
import type { PageColumns } from '../../domain/bloodPressure/bloodPressureColumns';
import type { ReadingStore } from '../../domain/bloodPressure/bloodPressureStore';

/** The work of one slice (ms): well inside a frame, so input or a frame due waits at most this long. */
const SLICE_MS = 6;

export interface IntakeTarget {
  store(): ReadingStore;
  /** Pages went into the store: `pages` of the load are in it now, `waiting` more are queued. */
  taken(pages: number, waiting: number): void;
}

export class PageIntake {
  private queue: (PageColumns | undefined)[] = [];
  private head = 0;
  private pages = 0;
  private scheduled = false;
  private whenEmpty: (() => void) | undefined;
  private readonly nextTask: () => void;

  /** `inNextTask` runs its callback in a task of its own, soon (the unit tests give setImmediate). */
  constructor(
    private readonly target: IntakeTarget,
    inNextTask: (run: () => void) => () => void = viaMessageChannel,
  ) {
    this.nextTask = inNextTask(() => this.slice());
  }

  /** Pages arrived and not yet in the store. */
  get waiting(): number {
    return this.queue.length - this.head;
  }

  /** A page arrived: the load's first goes into the store now, a later one with the next slice. */
  arrive(page: PageColumns): void {
    if (this.waiting === 0 && this.target.store().readingCount === 0) {
      this.target.store().add(page);
      return this.target.taken(++this.pages, 0);
    }
    this.queue.push(page);
    this.schedule();
  }

  /** Runs `done` once every page that arrived is in the store (now, if none waits). */
  afterLast(done: () => void): void {
    if (this.waiting === 0) return done();
    this.whenEmpty = done;
  }

  /** A new load or an error: what was waiting is dropped, and nothing runs after it. */
  restart(): void {
    this.queue = [];
    this.head = 0;
    this.pages = 0;
    this.whenEmpty = undefined;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.nextTask();
  }

  /** Takes queued pages in arrival order until SLICE_MS has passed; the rest in the next task. */
  private slice(): void {
    this.scheduled = false;
    if (this.waiting === 0) return;
    const store = this.target.store();
    const started = performance.now();
    do {
      store.add(this.queue[this.head]!);
      this.queue[this.head++] = undefined;
      this.pages++;
    } while (this.waiting > 0 && performance.now() - started < SLICE_MS);
    if (this.waiting === 0) {
      this.queue = [];
      this.head = 0;
    } else {
      this.schedule();
    }
    this.target.taken(this.pages, this.waiting);
    if (this.waiting > 0 || !this.whenEmpty) return;
    const done = this.whenEmpty;
    this.whenEmpty = undefined;
    done();
  }
}

/** A MessageChannel's message is a task of its own, run before the next frame when none is due (a 0 ms timer may be clamped to 4). */
function viaMessageChannel(run: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.addEventListener('message', run);
  channel.port1.start();
  return () => channel.port2.postMessage(undefined);
}
