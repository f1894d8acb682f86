/** A palette or menu command: one small class per file, registered through the CommandManager. */
export interface Command {
  readonly id: string;
  execute(...args: unknown[]): unknown;
}
