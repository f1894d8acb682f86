// A Health Data notebook's front matter as VS Code keeps it: the notebook's metadata, under one key,
// so switching the environment edits the metadata and the file's front matter changes with it.
import type * as vscode from 'vscode';
import { isEnvironmentId, type EnvironmentId } from '../domain/environments';
import type { NotebookFile } from '../notebook/model';

/** Everything of a NotebookFile but its cells (fields the format adds later travel along untouched). */
export type NotebookFrontMatter = Omit<NotebookFile, 'cells'>;

const FRONT_MATTER_KEY = 'healthData';

export function frontMatterMetadata(frontMatter: NotebookFrontMatter): { [key: string]: unknown } {
  return { [FRONT_MATTER_KEY]: frontMatter };
}

/** Tolerant: a notebook made by hand or by another extension reads as one with no front matter. */
export function frontMatterOf(metadata: { readonly [key: string]: unknown } | undefined): NotebookFrontMatter {
  const stored = metadata?.[FRONT_MATTER_KEY];
  if (!stored || typeof stored !== 'object') return { variables: {} };
  const frontMatter = { ...(stored as Record<string, unknown>) };
  const variables = frontMatter.variables;
  const cleanVariables: Record<string, string> = {};
  if (variables && typeof variables === 'object') {
    for (const [name, value] of Object.entries(variables as Record<string, unknown>)) {
      if (typeof value === 'string') cleanVariables[name] = value;
    }
  }
  frontMatter.variables = cleanVariables;
  if (!isEnvironmentId(frontMatter.environment)) delete frontMatter.environment;
  if (typeof frontMatter.timeZone !== 'string') delete frontMatter.timeZone;
  if (typeof frontMatter.fixtures !== 'string') delete frontMatter.fixtures;
  if (typeof frontMatter.investigation !== 'string') delete frontMatter.investigation;
  return frontMatter as unknown as NotebookFrontMatter;
}

/** The environment the notebook names; undefined: it runs in the active one. */
export function notebookEnvironment(notebook: vscode.NotebookDocument): EnvironmentId | undefined {
  return frontMatterOf(notebook.metadata).environment;
}

/** The same front matter naming `environment` (undefined: none, the active one). */
export function withEnvironment(frontMatter: NotebookFrontMatter, environment: EnvironmentId | undefined): NotebookFrontMatter {
  const { environment: _previous, ...rest } = frontMatter;
  return environment ? { ...rest, environment } : rest;
}
