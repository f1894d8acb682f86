// A run's cell output edits, sent without waiting on each (VS Code batches an execution's edits and
// applies them in order; its end() flushes them), then awaited together: a run that resolves has
// every output in the document.
export class OutputWrites {
  private readonly pending: Promise<void>[] = [];

  /** An edit in flight; one the workbench refuses (the notebook closed under the run) has nowhere else to go. */
  add(edit: Thenable<void>): void {
    this.pending.push(Promise.resolve(edit).then(undefined, () => undefined));
  }

  /** Resolves once every edit added so far is applied (or refused). */
  async applied(): Promise<void> {
    await Promise.all(this.pending.splice(0));
  }
}
