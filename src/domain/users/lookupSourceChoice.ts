// Which text "Look up in Health Data" means when run from the palette, where VS Code tells an
// extension neither which part had the focus (the palette takes it first) nor the terminal's
// selection (it is read through the terminal's own Copy). A terminal's selection outlives the
// focus, so "the terminal has a selection" alone does not mean the person is in the terminal. Pure.
import { unwrapIdText } from './lookupClassifier';

export type LookupSource = 'editor' | 'terminal' | 'debugVariable' | 'input' | 'argument';

export interface LookupCandidates {
  /** The active terminal's selection, if any. */
  terminal?: string;
  /** The editor's selection, or the id under its cursor (`explicit` false). */
  editor?: { text: string; explicit: boolean };
  /** When the terminal was last used (a command run, a terminal opened or switched to), epoch ms. */
  terminalUsedAt?: number;
  /** When the editor was last used (its selection or cursor moved, another editor became active). */
  editorUsedAt?: number;
}

export type LookupChoice =
  | { kind: 'use'; source: 'terminal' | 'editor'; text: string }
  /** Both hold something different and nothing says which is meant: ask, the likelier one first. */
  | { kind: 'ask'; order: ('terminal' | 'editor')[] }
  | { kind: 'none' };

const isEmpty = (text: string | undefined): boolean => text === undefined || unwrapIdText(text) === '';

export function chooseLookupSource({ terminal, editor, terminalUsedAt, editorUsedAt }: LookupCandidates): LookupChoice {
  const hasTerminal = !isEmpty(terminal);
  const hasEditor = editor !== undefined && !isEmpty(editor.text);
  if (!hasTerminal && !hasEditor) return { kind: 'none' };
  if (!hasEditor) return { kind: 'use', source: 'terminal', text: terminal! };
  if (!hasTerminal) return { kind: 'use', source: 'editor', text: editor.text };
  if (unwrapIdText(terminal!) === unwrapIdText(editor.text)) return { kind: 'use', source: 'editor', text: editor.text };
  // The terminal was used after the editor (a command run there since): its selection is what is meant.
  if ((terminalUsedAt ?? -Infinity) > (editorUsedAt ?? -Infinity)) return { kind: 'use', source: 'terminal', text: terminal! };
  // The editor was used last, but a selection made with the mouse in the terminal since then leaves
  // no trace an extension can see: ask, the editor's text first.
  return { kind: 'ask', order: ['editor', 'terminal'] };
}
