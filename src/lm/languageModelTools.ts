// The agent tool catalogue as VS Code language-model tools (vscode.lm.registerTool): the tools
// Copilot's agent mode and any chat extension can call. Each call goes through the same connection
// as the panels (the active environment, its key, retries, cancellation); the Requests view records
// its requests as made for an agent and the log names the call. In production a call is refused,
// or asks first through prepareInvocation's confirmation, as healthData.agents.production says.
import * as vscode from 'vscode';
import type { AgentSession, AgentToolResult } from '../agents/catalogue';
import { agentAccess } from '../agents/productionPolicy';
import { catalogueToolName } from '../agents/toolNames';
import { inAgentCall } from '../connection/agentCalls';
import type { RequestRecorder } from '../connection/requestRecorder';
import { isProduction } from '../domain/environments';
import { agentStrings } from '../l10n/agentStrings';
import type { ApiConnection, EnvironmentInfo, RequestInspection, ScrubDoors, ShellRegistrations } from '../services';
import type { AgentSettings } from '../storage/agentSettings';
import { scanConcurrency } from '../storage/scanSettings';
import type { LoadAgentCatalogue } from './agentCatalogueBundle';

/** How long a confirmation in prepareInvocation vouches for the environment it named. */
const PREPARED_MS = 5 * 60_000;

export interface LanguageModelToolDeps {
  connection: ApiConnection;
  settings: AgentSettings;
  recorder: RequestRecorder;
  requests: RequestInspection;
  log: vscode.LogOutputChannel;
  loadCatalogue: LoadAgentCatalogue;
  /** The scrubber's answer for an environment: its secret when results from there leave scrubbed. */
  scrub: Pick<ScrubDoors, 'secretFor'>;
  /** Where each tool registers: the bootstrap's stand-in for it calls the tool registered here. */
  registrations: Pick<ShellRegistrations, 'registerTool'>;
}

interface ContributedTool {
  name: string;
}

function agentEnvironment(info: EnvironmentInfo): { id: string; label: string; production: boolean } {
  return { id: info.id, label: info.label, production: isProduction(info.id) };
}

export class AgentLanguageModelTools implements vscode.Disposable {
  private readonly registrations: vscode.Disposable[] = [];
  /** Tool name + input → the environment prepareInvocation named (and, in production, had confirmed). */
  private readonly prepared = new Map<string, { environment: string; at: number }>();
  private session: AgentSession | undefined;

  constructor(private readonly deps: LanguageModelToolDeps) {}

  /** Registers every tool package.json contributes (written from the catalogue: npm run agents:manifest). */
  register(contributed: readonly ContributedTool[]): void {
    for (const { name } of contributed) {
      const tool = catalogueToolName(name);
      if (tool === undefined) continue;
      this.registrations.push(
        this.deps.registrations.registerTool<object>(name, {
          prepareInvocation: (options) => this.prepareInvocation(tool, options.input),
          invoke: (options, token) => this.invoke(tool, options.input, token),
        }),
      );
    }
  }

  private key(tool: string, input: unknown): string {
    return `${tool}\u0000${JSON.stringify(input ?? {})}`;
  }

  /** What VS Code shows before the call: the sentence, and in production the confirmation to answer. */
  prepareInvocation(tool: string, input: unknown): vscode.PreparedToolInvocation {
    const environment = agentEnvironment(this.deps.connection.environment());
    const description = this.deps.loadCatalogue().describeAgentCall(tool, input, environment.label);
    const now = Date.now();
    for (const [key, entry] of this.prepared) if (now - entry.at > PREPARED_MS) this.prepared.delete(key);
    this.prepared.set(this.key(tool, input), { environment: environment.id, at: now });
    switch (agentAccess(environment.production, this.deps.settings.productionAccess())) {
      case 'run':
        return { invocationMessage: agentStrings.invocation(description) };
      case 'refuse':
        return { invocationMessage: agentStrings.refusedInvocation(environment.label) };
      case 'ask': {
        // Text, not markdown: the description holds what the model passed (ids, provider names).
        const message = new vscode.MarkdownString().appendText(description).appendMarkdown('\n\n').appendText(agentStrings.confirmProduction(environment.label));
        return { invocationMessage: agentStrings.invocation(description), confirmationMessages: { title: agentStrings.confirmTitle(environment.label), message } };
      }
    }
  }

  private async invoke(tool: string, input: unknown, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const catalogue = this.deps.loadCatalogue();
    const info = this.deps.connection.environment();
    const environment = agentEnvironment(info);
    const access = agentAccess(environment.production, this.deps.settings.productionAccess());
    const prepared = this.prepared.get(this.key(tool, input));
    this.prepared.delete(this.key(tool, input));
    let result: AgentToolResult;
    if (access === 'refuse') {
      result = catalogue.refusalResult(tool, environment, agentStrings.productionRefused(environment.label), agentStrings.productionRefusedNext());
    } else if (access === 'ask' && prepared?.environment !== environment.id) {
      // Confirmed for another environment (or never prepared): production is not read unasked.
      result = catalogue.refusalResult(tool, environment, agentStrings.environmentChanged(environment.label), agentStrings.environmentChangedNext());
    } else {
      result = await this.run(tool, input, environment, token);
    }
    this.deps.log.info(agentStrings.logAnswer(tool, result.text.length, result.isError));
    return new vscode.LanguageModelToolResult([
      new vscode.LanguageModelTextPart(result.text),
      new vscode.LanguageModelTextPart(`${agentStrings.dataHeading()}\n${JSON.stringify(result.data)}`),
    ]);
  }

  private async run(tool: string, input: unknown, environment: ReturnType<typeof agentEnvironment>, token: vscode.CancellationToken): Promise<AgentToolResult> {
    const catalogue = this.deps.loadCatalogue();
    this.session ??= new catalogue.AgentSession();
    const session = this.session;
    const controller = new AbortController();
    const cancellation = token.onCancellationRequested(() => controller.abort());
    const connection = this.deps.connection.forEnvironment(environment.id as EnvironmentInfo['id']);
    this.deps.log.info(agentStrings.logCall(tool, environment.label, catalogue.describeAgentCall(tool, input, environment.label)));
    const scrubSecret = await this.deps.scrub.secretFor(environment.id as EnvironmentInfo['id']);
    try {
      return await inAgentCall(tool, () =>
        this.deps.requests.inLoad(() =>
          catalogue.runAgentTool(tool, input, {
            environment,
            client: () => connection.client(),
            signal: controller.signal,
            requests: () => this.deps.recorder.records.all(),
            session,
            scanConcurrency: scanConcurrency(),
            ...(scrubSecret === undefined ? {} : { scrubSecret }),
          }),
        ),
      );
    } finally {
      cancellation.dispose();
    }
  }

  dispose(): void {
    for (const registration of this.registrations) registration.dispose();
    this.registrations.length = 0;
    this.prepared.clear();
  }
}
