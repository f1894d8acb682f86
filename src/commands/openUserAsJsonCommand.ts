import { SHELL_COMMANDS } from '../constants';
import { pickerStrings } from '../l10n/panelStrings';
import { tree, userCommandNames } from '../l10n/shellStrings';
import type { Command, ExtensionServices, JsonDocuments } from '../services';
import { userArgument } from './userArgument';

/** Open as JSON: the user object as the API sent it, in a read-only editor. */
export class OpenUserAsJsonCommand implements Command {
  readonly id = SHELL_COMMANDS.openUserAsJson;

  constructor(
    private readonly services: ExtensionServices,
    private readonly jsonDocuments: JsonDocuments,
  ) {}

  async execute(node?: unknown): Promise<void> {
    const user = await userArgument(node, this.services, pickerStrings.userTitleFor(userCommandNames.openUserAsJson()));
    if (!user) return;
    await this.jsonDocuments.open(tree.jsonUserTitle(user.client_user_id), user, { environmentId: this.services.connection.environment().id, operation: 'resolveUser' });
  }
}
