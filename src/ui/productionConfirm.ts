// Production asks, the same way, everywhere: a link that switches to it, a replay that sends to it,
// Compare Environments reading it. One modal question with the reason and one action; anything but
// that action (Cancel, Escape) is a no.
import * as vscode from 'vscode';
import { isProduction } from '../domain/environments';
import { productionStrings, type ProductionUse } from '../l10n/productionStrings';
import type { EnvironmentId } from '../services';

export type { ProductionUse };

interface ScriptedAnswer {
  answer: boolean;
  asked: string[];
}
const SCRIPT_KEY = Symbol.for('healthData.productionAnswers');
/**
 * Integration tests answer in place of the modal (which a test host cannot click). Kept on the
 * extension host's global object: the panels' bundle (dist/panels.js) has its own copy of this module.
 */
const scripts = ((globalThis as { [SCRIPT_KEY]?: { current: ScriptedAnswer | null } })[SCRIPT_KEY] ??= { current: null });

/** True without asking for a non-production environment. */
export async function confirmProductionUse(environment: EnvironmentId, environmentLabel: string, use: ProductionUse): Promise<boolean> {
  if (!isProduction(environment)) return true;
  const question = productionStrings.question(use, environmentLabel);
  const scripted = scripts.current;
  if (scripted) {
    scripted.asked.push(question);
    return scripted.answer;
  }
  const action = productionStrings.action(use);
  const choice = await vscode.window.showWarningMessage(question, { modal: true, detail: productionStrings.detail(use) }, action);
  return choice === action;
}

/** Tests: answer every production question with `answer` until disposed; `asked` lists the questions. */
export function answerProductionQuestions(answer: boolean): { asked: readonly string[]; dispose(): void } {
  const script: ScriptedAnswer = { answer, asked: [] };
  scripts.current = script;
  return {
    asked: script.asked,
    dispose: () => {
      if (scripts.current === script) scripts.current = null;
    },
  };
}
