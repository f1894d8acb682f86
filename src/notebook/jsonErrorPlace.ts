// Where JSON text first goes wrong, as line and column: JSON.parse's messages do not always say
// (Node 20: "Unexpected token ']' … is not valid JSON"), and a cell's author needs the place.

export interface JsonErrorPlace {
  /** 0-based offset of the first character that cannot be there (the text's length at an early end). */
  offset: number;
  /** 1-based, in the text given. */
  line: number;
  column: number;
  reason: string;
}

class Failure {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

/** The first error in `text`, or undefined when it is valid JSON. */
export function jsonErrorPlace(text: string): JsonErrorPlace | undefined {
  let at = 0;
  const fail = (reason: string): never => {
    throw new Failure(at, at >= text.length ? 'the JSON ends too early' : reason);
  };
  const space = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const expect = (char: string): void => {
    space();
    if (text[at] !== char) fail(`expected "${char}" here, found "${text[at]}"`);
    at++;
  };
  const string = (): void => {
    expect('"');
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\') {
        at++;
        if (text[at] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) fail('a \\u escape needs four hex digits');
          at += 4;
        } else if (!'"\\/bfnrt'.includes(text[at] ?? '')) fail(`"\\${text[at]}" is no JSON escape`);
      } else if (text.charCodeAt(at) < 0x20) fail('a line break or control character inside a string');
      at++;
    }
    if (at >= text.length) fail('unterminated string');
    at++;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') return void at++;
      for (;;) {
        space();
        if (text[at] !== '"') fail(`expected a property name in double quotes, found "${text[at]}"`);
        string();
        expect(':');
        value();
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') return void at++;
        fail(`expected "," or "}" after a property, found "${text[at]}"`);
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') return void at++;
      for (;;) {
        value();
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') return void at++;
        fail(`expected "," or "]" after an item, found "${text[at]}"`);
      }
    }
    if (char === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 400));
    if (!literal) fail(char === undefined ? 'the JSON ends too early' : `unexpected "${char}"`);
    at += literal![0].length;
  };
  try {
    value();
    space();
    if (at < text.length) fail(`unexpected "${text[at]}" after the JSON value`);
    return undefined;
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    const before = text.slice(0, error.offset);
    const line = (before.match(/\n/g)?.length ?? 0) + 1;
    return { offset: error.offset, line, column: before.length - before.lastIndexOf('\n'), reason: error.reason };
  }
}
