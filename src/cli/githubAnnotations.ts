// GitHub Actions workflow commands for `run`'s failures (`::error file=…,line=…,title=…::message`),
// printed when GITHUB_ACTIONS=true so each failure shows on its line in the pull request. Escaped as
// the runner reads them: in the message %, CR and LF; in a property also : and , (which would end it).
import * as path from 'node:path';
import type { PlacedFailure } from '../notebook/failurePlaces';

export function escapeAnnotationData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeAnnotationProperty(text: string): string {
  return escapeAnnotationData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Whether annotations are printed: GitHub's runner sets GITHUB_ACTIONS=true in every step. */
export function annotationsWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.GITHUB_ACTIONS === 'true';
}

/**
 * The file as GitHub names it: relative to the checkout ($GITHUB_WORKSPACE) when given as an absolute
 * path inside it, with forward slashes; otherwise as given (the job runs from the checkout).
 */
export function annotationFile(file: string, workspace: string | undefined): string {
  const relative = workspace && path.isAbsolute(file) ? path.relative(workspace, file) : file;
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return (inside ? relative : file).split(path.sep).join('/');
}

export function errorAnnotation(file: string, failure: PlacedFailure): string {
  const title = failure.kind === 'assertion' ? failure.title : `${failure.errorKind ?? 'error'}: ${failure.title}`;
  return `::error file=${escapeAnnotationProperty(file)},line=${failure.line},title=${escapeAnnotationProperty(title)}::${escapeAnnotationData(failure.message)}`;
}
