import * as vscode from 'vscode';
import type { User } from '../api/schemas';
import { EXTENSION_ID, LOOKUP_COMMANDS, PANEL_COMMANDS, PANEL_VIEW_TYPES } from '../constants';
import { isEnvironmentId, type EnvironmentId } from '../domain/environments';
import { buildLink, type LinkTarget } from '../domain/users/healthDataLinks';
import { isLinkKind, linkScheme, offeredLinkKinds, type LinkKind } from '../domain/users/linkKinds';
import { linkStrings } from '../l10n/lookupStrings';
import type { ApiConnection, Command } from '../services';
import { parseBloodPressurePanelState } from '../shared/bloodPressureProtocol';
import { parseLabMarkersPanelState } from '../shared/labMarkersProtocol';
import type { UsersView } from '../views/users/usersView';
import { userOf } from './userArgument';

/** What Describe Open Panels reports of each panel; only the parts a link needs. */
interface PanelReport {
  viewType: string;
  title: string;
  active: boolean;
  state: unknown;
}

/**
 * The panel whose title bar was clicked. Newer hosts may report no webview panel active once the
 * click left the webview, so the active editor tab (a webview of that title) settles it.
 */
function activePanel(reports: readonly PanelReport[]): PanelReport | undefined {
  const active = reports.find((report) => report.active);
  if (active) return active;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  if (!(tab?.input instanceof vscode.TabInputWebview)) return undefined;
  const viewType = tab.input.viewType;
  // The workbench prefixes the view types of webview tabs ("mainThreadWebview-…").
  return reports.find((report) => viewType.endsWith(report.viewType) && report.title === tab.label);
}

/** The environment a panel is bound to, from its saved state; the active one when it does not say. */
function panelEnvironment(state: unknown, fallback: EnvironmentId): EnvironmentId {
  const saved = state && typeof state === 'object' ? (state as { environment?: unknown }).environment : undefined;
  return isEnvironmentId(saved) ? saved : fallback;
}

/**
 * Copy Link: a link to the clicked (or selected) user of the tree, or to the active panel's view,
 * that a teammate opens on the same view. Ids, dates and the environment only — never a key.
 */
export class CopyLinkCommand implements Command {
  readonly id = LOOKUP_COMMANDS.copyLink;

  constructor(
    private readonly connection: ApiConnection,
    private readonly usersView: UsersView,
  ) {}

  /** `kind`: which editor the link opens in, without asking (tests): vscode, vscodeInsiders or thisEditor. */
  async execute(argument?: unknown, kind?: unknown): Promise<string | undefined> {
    const target = (await this.panelTarget(argument)) ?? this.userTarget(argument);
    if (target === 'orderSet') {
      void vscode.window.showWarningMessage(linkStrings.orderSetHasNoLink());
      return undefined;
    }
    if (!target) {
      void vscode.window.showWarningMessage(linkStrings.nothingToLink());
      return undefined;
    }
    const inBrowser = vscode.env.uiKind === vscode.UIKind.Web;
    const chosen = isLinkKind(kind) ? kind : await this.pickKind(offeredLinkKinds(vscode.env.uriScheme, inBrowser));
    if (!chosen) return undefined;
    const link = buildLink(linkScheme(chosen, vscode.env.uriScheme), EXTENSION_ID, target);
    await vscode.env.clipboard.writeText(link);
    void vscode.window.showInformationMessage(inBrowser ? linkStrings.copiedInBrowser() : linkStrings.copied());
    return link;
  }

  private async pickKind(kinds: readonly LinkKind[]): Promise<LinkKind | undefined> {
    if (kinds.length === 1) return kinds[0];
    const items = kinds.map((kind) => ({ linkKind: kind, label: linkStrings.kindLabel(kind, vscode.env.appName), description: `${linkScheme(kind, vscode.env.uriScheme)}://`, detail: linkStrings.kindDetail(kind) }));
    return (await vscode.window.showQuickPick(items, { title: linkStrings.pickKindTitle() }))?.linkKind;
  }

  private userTarget(argument: unknown): LinkTarget | undefined {
    const user: User | undefined = userOf(argument) ?? this.usersView.selectedUser();
    return user ? { view: 'user', env: this.connection.environment().id, clientUserId: user.client_user_id } : undefined;
  }

  /** The active panel's view, when Copy Link runs from a panel's title bar (or the palette). */
  private async panelTarget(argument: unknown): Promise<LinkTarget | 'orderSet' | undefined> {
    // A user of the tree is that user's link. Anything else is the title bar's: a Uri in 1.100, an
    // editor context object in newer hosts (which made the panel's button copy the tree's user).
    if (argument !== undefined && userOf(argument)) return undefined;
    const reports = (await vscode.commands.executeCommand<PanelReport[] | undefined>(PANEL_COMMANDS.describePanels)) ?? [];
    const active = activePanel(reports);
    if (!active) return undefined;
    // A panel stays on the environment it was opened in, whichever is active now.
    const env = panelEnvironment(active.state, this.connection.environment().id);
    if (active.viewType === PANEL_VIEW_TYPES.bloodPressure) {
      const state = parseBloodPressurePanelState(active.state);
      return state && { view: 'bloodPressure', env, userId: state.userId, ...state.form };
    }
    if (active.viewType === PANEL_VIEW_TYPES.labMarkers) {
      const state = parseLabMarkersPanelState(active.state);
      if (!state) return undefined;
      return state.form.source.kind === 'labTest' ? { view: 'labTest', env, labTestId: state.form.source.labTestId } : 'orderSet';
    }
    return undefined;
  }
}
