// The least any replay that reads what it receives can take on this machine: the raw transfer of the
// recorded bodies with each body's bytes handed over (without a copy) to parser threads that decode
// and JSON.parse it, while the main thread fetches the next one. No cursor to wait for (the targets
// are known), no reader, no contract lens, no merge, no assertions, nothing sent back but a count:
// every cost a real replay adds is left out, so a replay's ratio cannot go below this one's.
import { Worker } from 'node:worker_threads';

const PARSER = `
const { parentPort } = require('node:worker_threads');
const decoder = new TextDecoder();
parentPort.on('message', (bytes) => {
  const value = JSON.parse(decoder.decode(bytes));
  parentPort.postMessage(typeof value === 'object' && value !== null ? Object.keys(value).length : 0);
});
`;

export interface ParseFloor {
  /** Fetches every target in order from `baseUrl`, each body parsed on a parser thread; resolves when all are parsed. */
  pass(baseUrl: string, targets: readonly string[]): Promise<number>;
  close(): Promise<void>;
}

/** `threads` parser threads, bodies dealt to them in turn (two by default: one per core here). */
export function startParseFloor(threads = 2): ParseFloor {
  const parsers = Array.from({ length: threads }, () => new Worker(PARSER, { eval: true }));
  return {
    async pass(baseUrl, targets) {
      if (targets.length === 0) return 0;
      let parsed = 0;
      let keys = 0;
      const done = new Promise<void>((resolve, reject) => {
        const onParsed = (count: number): void => {
          keys += count;
          if (++parsed < targets.length) return;
          for (const parser of parsers) parser.off('message', onParsed).off('error', reject);
          resolve();
        };
        for (const parser of parsers) parser.on('message', onParsed).on('error', reject);
      });
      for (const [index, target] of targets.entries()) {
        const bytes = await (await fetch(`${baseUrl}${target}`)).arrayBuffer();
        parsers[index % parsers.length]!.postMessage(bytes, [bytes]);
      }
      await done;
      return keys;
    },
    async close() {
      await Promise.all(parsers.map((parser) => parser.terminate()));
    },
  };
}
