import type { RegisteredLookup } from '../lookup/registerLookup';
import type { ApiConnection, CommandRegistry } from '../services';
import type { UsersView } from '../views/users/usersView';
import { CopyLinkCommand } from './copyLinkCommand';
import { LookUpCommand } from './lookUpCommand';
import { OpenLinkCommand } from './openLinkCommand';

export interface LookupCommandDeps extends RegisteredLookup {
  commands: CommandRegistry;
  connection: ApiConnection;
  usersView: UsersView;
}

/** Look up in Health Data, Copy Link and Open Link…. */
export function registerLookupCommands({ commands, lookup, opener, activity, connection, usersView }: LookupCommandDeps): void {
  commands.register(new LookUpCommand(lookup, activity));
  commands.register(new CopyLinkCommand(connection, usersView));
  commands.register(new OpenLinkCommand(opener));
}
