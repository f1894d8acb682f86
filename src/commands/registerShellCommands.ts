import type { ShellApiConnection } from '../connection/shellApiConnection';
import type { LastResponse } from '../jsonDocuments/lastResponse';
import type { ExtensionServices } from '../services';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import type { ShellSettings } from '../storage/shellSettings';
import type { UsersView } from '../views/users/usersView';
import { ClearApiKeyCommand } from './clearApiKeyCommand';
import { ClearUsersFilterCommand } from './clearUsersFilterCommand';
import { CopyClientUserIdCommand } from './copyClientUserIdCommand';
import { CopyDetailValueCommand } from './copyDetailValueCommand';
import { CopyUserAsCurlCommand } from './copyUserAsCurlCommand';
import { CopyUserIdCommand } from './copyUserIdCommand';
import { FilterUsersCommand } from './filterUsersCommand';
import { LoadMoreUsersCommand } from './loadMoreUsersCommand';
import { OpenLastResponseCommand } from './openLastResponseCommand';
import { OpenUserAsJsonCommand } from './openUserAsJsonCommand';
import { OpenWalkthroughCommand } from './openWalkthroughCommand';
import { RefreshUsersCommand } from './refreshUsersCommand';
import { ResolveUserCommand } from './resolveUserCommand';
import { SelectEnvironmentCommand } from './selectEnvironmentCommand';
import { SetApiKeyCommand } from './setApiKeyCommand';
import { ShowRequestLogCommand } from './showRequestLogCommand';
import { UseLocalSandboxCommand } from './useLocalSandboxCommand';

export interface ShellCommandDeps {
  services: ExtensionServices;
  connection: ShellApiConnection;
  keys: ApiKeyStore;
  settings: ShellSettings;
  usersView: UsersView;
  lastResponse: LastResponse;
}

/** Every command of the shell, each one class, all through the one CommandManager. */
export function registerShellCommands({ services, connection, keys, settings, usersView, lastResponse }: ShellCommandDeps): void {
  const tree = usersView.provider;
  const commands = [
    new SelectEnvironmentCommand(connection, keys, settings),
    new UseLocalSandboxCommand(connection),
    new SetApiKeyCommand(connection, keys, settings),
    new ClearApiKeyCommand(connection, keys),
    new RefreshUsersCommand(tree),
    new LoadMoreUsersCommand(tree),
    new FilterUsersCommand(tree),
    new ClearUsersFilterCommand(tree),
    new ResolveUserCommand(connection, usersView, lastResponse),
    new CopyUserIdCommand(services),
    new CopyClientUserIdCommand(services),
    new CopyDetailValueCommand(),
    new OpenUserAsJsonCommand(services, services.jsonDocuments),
    new CopyUserAsCurlCommand(services, connection),
    new OpenLastResponseCommand(lastResponse, services.jsonDocuments, services.connection),
    new ShowRequestLogCommand(services.log),
    new OpenWalkthroughCommand(),
  ];
  for (const command of commands) services.commands.register(command);
}
