// Where a host → webview message spends its time in the workbench (bloodPressureEndToEnd's legs).
// An init script, in every frame of the workbench page, records on the epoch clock (one machine,
// so comparable with the sandbox's process): in the workbench's own frame, each extension-host
// WebSocket message as it is delivered to the page (its size), and each message the workbench
// reads through a FileReader (VS Code 1.100's browser socket gets each extension-host message as a
// Blob and reads them into ArrayBuffers one at a time, through one FileReader), and each message it
// posts through a webview's MessagePort (its channel and, for `message`, the panel message's type);
// in the webview's outer frame (pre/index.html), each message its host port delivers. The panel's
// own frame is probed by the benchmark itself.
import type { Frame, Page } from 'playwright-core';

export interface TraceEntry {
  at: number;
  kind: 'ws' | 'read-start' | 'read-end' | 'port-out' | 'port-in';
  bytes?: number;
  /** For a socket message: the RPC method names (`$…`) it carries, in order. */
  methods?: string[];
  channel?: string;
  type?: string;
}

interface TraceWindow {
  __hdeTrace?: TraceEntry[];
}

/** Installs the trace in every frame the page loads from now on (reload the page after it). */
export async function installMessageTrace(page: Page): Promise<void> {
  // tsx compiles this file with esbuild's keepNames: the script calls __name, defined first.
  await page.addInitScript({ content: `globalThis.__name ??= (target) => target; (${traceEveryFrame.toString()})();` });
}

function traceEveryFrame(): void {
  {
    const w = window as unknown as TraceWindow;
    const trace: TraceEntry[] = (w.__hdeTrace = []);
    const now = (): number => performance.timeOrigin + performance.now();
    const push = (entry: TraceEntry): void => {
      if (trace.length > 20_000) trace.splice(0, 10_000);
      trace.push(entry);
    };
    const typeOf = (data: unknown): string | undefined => {
      const d = data as { args?: { message?: { type?: string } }; data?: { message?: { type?: string } } } | undefined;
      return d?.args?.message?.type ?? d?.data?.message?.type;
    };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as ArrayBuffer | Blob | string;
          const at = now();
          push({ at, kind: 'ws', bytes: typeof data === 'string' ? data.length : data instanceof Blob ? data.size : data.byteLength, methods: data instanceof ArrayBuffer ? methodsIn(data) : [] });
        });
      }
    };
    // The socket's Blobs read one at a time: when each read starts, and when its data is there (before the handler runs).
    const read = FileReader.prototype.readAsArrayBuffer;
    FileReader.prototype.readAsArrayBuffer = function (this: FileReader, blob: Blob) {
      push({ at: now(), kind: 'read-start', bytes: blob.size });
      return read.call(this, blob);
    };
    const onload = Object.getOwnPropertyDescriptor(FileReader.prototype, 'onload')!;
    Object.defineProperty(FileReader.prototype, 'onload', {
      ...onload,
      set(this: FileReader, handler: ((event: ProgressEvent<FileReader>) => void) | null) {
        onload.set!.call(
          this,
          handler &&
            ((event: ProgressEvent<FileReader>) => {
              const result = this.result;
              push({ at: now(), kind: 'read-end', bytes: result instanceof ArrayBuffer ? result.byteLength : 0, methods: result instanceof ArrayBuffer ? methodsIn(result) : [] });
              handler.call(this, event);
            }),
        );
      },
    });
    // RPC method names are plain ASCII in the protocol's messages: `$` and a letter, then letters.
    const methodsIn = (data: ArrayBuffer): string[] => {
      const bytes = new Uint8Array(data);
      const found: string[] = [];
      for (let i = 0; i < bytes.length - 2; i++) {
        if (bytes[i] !== 36 || !isLetter(bytes[i + 1]!)) continue;
        let end = i + 1;
        while (end < bytes.length && isLetter(bytes[end]!)) end++;
        if (end - i > 4) found.push(String.fromCharCode(...bytes.subarray(i, end)));
        i = end;
      }
      return found;
    };
    const isLetter = (b: number): boolean => (b >= 65 && b <= 90) || (b >= 97 && b <= 122);
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort['postMessage']>) {
      push({ at: now(), kind: 'port-out', channel: (args[0] as { channel?: string })?.channel, type: typeOf(args[0]) });
      return (post as (...a: unknown[]) => void).apply(this, args);
    } as typeof post;
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      ...onmessage,
      set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
        onmessage.set!.call(
          this,
          handler &&
            ((event: MessageEvent) => {
              push({ at: now(), kind: 'port-in', channel: (event.data as { channel?: string })?.channel, type: typeOf(event.data) });
              handler.call(this, event);
            }),
        );
      },
    });
  }
}

/** The trace of `frame` since epoch time `from`, and clears it. */
export async function takeTrace(frame: Page | Frame, from: number): Promise<TraceEntry[]> {
  return frame.evaluate((since) => {
    // Emptied in place: the recorder holds this very array.
    const trace = (window as unknown as TraceWindow).__hdeTrace?.splice(0) ?? [];
    return trace.filter((entry) => entry.at >= since);
  }, from);
}
