// Reading the terminal's selection through the clipboard (where VS Code has no API for it): a marker
// is written, the terminal copies its selection over it, and the clipboard is read back. Pure: what
// the read-backs mean. A browser that denies clipboard reading hands back "" for everything.

export type ClipboardRoundTrip = { kind: 'text'; text: string } | { kind: 'nothingSelected' } | { kind: 'unreadable' };

/** `markerReadBack`: the clipboard read right after writing the marker; `copied`: after Copy Selection. */
export function clipboardRoundTrip(marker: string, markerReadBack: string, copied: string): ClipboardRoundTrip {
  if (markerReadBack !== marker) return { kind: 'unreadable' };
  if (copied === marker || copied.trim() === '') return { kind: 'nothingSelected' };
  return { kind: 'text', text: copied };
}
