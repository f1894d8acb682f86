// Hostile mode (for the hardening suite): every free-text string the API returns carries a
// script or markup payload, and logos use `javascript:` / `data:` URLs. Ids that must stay
// parseable (uuids) and timestamps stay valid so the UI gets far enough to render the payloads.

const TEXT_PAYLOADS: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '"><script>window.__pwned=1</script>',
  "'><svg onload=\"window.__pwned=1\">",
  '<img src=x onerror="window.__pwned=1">',
  '</textarea></style><script>window.__pwned=1</script>',
  '{{constructor.constructor("window.__pwned=1")()}}',
  '=HYPERLINK("https://example.invalid","x")',
  '<a href="javascript:window.__pwned=1">x</a>',
];

const LOGO_PAYLOADS: readonly string[] = [
  'javascript:alert(1)',
  'javascript:window.__pwned=1',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+',
];

function choose(payloads: readonly string[], text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return payloads[h % payloads.length] ?? payloads[0] ?? '';
}

export interface TextStyle {
  /** Decorates one free-text field; identity unless hostile. Deterministic, so lookups can compare. */
  text(value: string): string;
  logo(value: string): string;
  /** The inverse of text(): the plain value a decorated one was made from, if any. */
  plain(decorated: string): string | undefined;
}

export const PLAIN_TEXT: TextStyle = { text: (value) => value, logo: (value) => value, plain: (value) => value };

const hostileText = (value: string): string => `${value}${choose(TEXT_PAYLOADS, value)}`;

export const HOSTILE_TEXT: TextStyle = {
  text: hostileText,
  logo: (value) => choose(LOGO_PAYLOADS, value),
  plain: (decorated) => {
    for (const payload of TEXT_PAYLOADS) {
      if (!decorated.endsWith(payload)) continue;
      const candidate = decorated.slice(0, -payload.length);
      if (hostileText(candidate) === decorated) return candidate;
    }
    return undefined;
  },
};

export function textStyle(hostile: boolean): TextStyle {
  return hostile ? HOSTILE_TEXT : PLAIN_TEXT;
}
