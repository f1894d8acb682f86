// `node dist/cli.js run FILE…`: every request cell of each notebook through the same runner the
// notebook editor uses, one line per cell, each failure as `file:LINE: why`, `N passed, N failed`, an
// optional JUnit report and, on GitHub Actions, one annotation per failure. Exit 0 when every
// assertion held, 1 when one failed or a cell could not run, 2 for a usage or connection error. The
// key comes from HEALTH_DATA_API_KEY only and is never printed: every line passes through the same
// redaction the client uses. Every result is scrubbed first when the scrub rule says so (runScrub.ts).
import * as path from 'node:path';
import { redactText } from '../api/redaction';
import { cellPlace, placedFailures, type CellPlace } from '../notebook/failurePlaces';
import { junitReport, type JUnitNotebook } from '../notebook/junitReport';
import type { CellResult, NotebookFile } from '../notebook/model';
import { notebookCellLines, parseNotebookFile } from '../notebook/notebookFormat';
import { runNotebookFile, type NotebookRunTarget } from '../notebook/notebookRunner';
import { PROGRAM, type CliCommand, type CliIo } from './cliCommand';
import { annotationFile, annotationsWanted, errorAnnotation } from './githubAnnotations';
import { parseRunArgs, RUN_USAGE } from './runArgs';
import { NotebookBaselineRun } from './runBaseline';
import { cellReport, skippedReport, tallyOf, totalsLine, type CellTally } from './runReport';
import { caveatLines, RunRecording } from './runRecording';
import { RunOutputScrub, runScrubPolicy } from './runScrub';
import { scrubSecret } from './scrubCommand';
import { connect, DEFAULT_DEPENDENCIES, planFor, planKey, type RunDependencies, type TargetPlan } from './runTargets';

export type { RunDependencies, StartedSandbox } from './runTargets';

/** Failures that mean the API could not be reached or would not take the key: exit 2, not 1. */
const CONNECTION_FAILURES = new Set(['network', 'unauthorized']);


export function createRunCommand(overrides: Partial<RunDependencies> = {}): CliCommand {
  const deps: RunDependencies = { ...DEFAULT_DEPENDENCIES, ...overrides };
  return {
    name: 'run',
    summary: 'run Health Data notebooks (*.hdnb.md) and check their assertions, as in CI',
    run: (argv, io) => runNotebooks(argv, io, deps),
  };
}

export const runCommand = createRunCommand();

async function runNotebooks(argv: readonly string[], rawIo: CliIo, deps: RunDependencies): Promise<number> {
  const parsed = parseRunArgs(argv);
  if (parsed.kind === 'help') {
    rawIo.stdout(RUN_USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    rawIo.stderr(`${parsed.message}\n\n${RUN_USAGE}`);
    return 2;
  }
  const { args } = parsed;
  const secret = rawIo.env.HEALTH_DATA_API_KEY ?? '';
  const io: CliIo = { ...rawIo, stdout: (text) => rawIo.stdout(redactText(text, secret)), stderr: (text) => rawIo.stderr(redactText(text, secret)) };
  const policy = runScrubPolicy(args.scrub, io.env);
  if (typeof policy === 'object') {
    io.stderr(`${policy.error}\n\n${RUN_USAGE}`);
    return 2;
  }
  // Recording scrubs whatever the setting: the secret is read (or made for this run) before any
  // request, and what is printed is scrubbed with the same one, so both use the same pseudonyms.
  const recording = args.recordDir !== undefined ? new RunRecording(args.recordDir) : undefined;
  const recordSecret = recording ? scrubSecret(io) : undefined;
  const scrub = new RunOutputScrub(policy, () => recordSecret ?? scrubSecret(io));
  const annotate = annotationsWanted(io.env);

  // Read and plan everything first: a usage problem stops the run before any request is sent.
  const notebooks: { file: string; text: string; notebook: NotebookFile; plan: TargetPlan }[] = [];
  for (const file of args.files) {
    let text: string;
    try {
      text = await deps.readFile(file);
    } catch (error) {
      io.stderr(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    const written = parseNotebookFile(text);
    const notebook: NotebookFile = { ...written, variables: { ...written.variables, ...args.variables } };
    const plan = planFor(notebook, args, io.env, file);
    if ('error' in plan) {
      io.stderr(args.target ? plan.error : `${file} ${plan.error}`);
      return 2;
    }
    notebooks.push({ file, text, notebook, plan });
  }

  const stop = new AbortController();
  const unhook = deps.onInterrupt?.(() => stop.abort()) ?? (() => undefined);
  const targets = new Map<string, { target: NotebookRunTarget; close(): Promise<void> }>();
  const report: JUnitNotebook[] = [];
  const total: CellTally = { passed: 0, failed: 0 };
  let cellsNotRun = 0;
  let cellsSkipped = 0;
  let connectionFailure: string | undefined;
  /** Why the cells after a connection failure or a stop never ran. */
  let notRunReason = 'not run: the run was stopped (interrupted) before this cell';
  const skip = (entry: JUnitNotebook, file: string, place: CellPlace, result?: CellResult): void => {
    entry.cells.push({ place, skipped: notRunReason, ...(result ? { result } : {}) });
    io.stdout(skippedReport(file, place, notRunReason));
    cellsSkipped++;
  };
  try {
    for (const { file, text, notebook, plan } of notebooks) {
      if (connectionFailure !== undefined || stop.signal.aborted) {
        // A notebook after the run stopped: its cells are reported as never run.
        const entry: JUnitNotebook = { file, cells: [] };
        const cellLines = notebookCellLines(text);
        notebook.cells.forEach((cell, index) => {
          if (cell.kind === 'request') skip(entry, file, cellPlace(cellLines[index] ?? 0, cell.source));
        });
        report.push(entry);
        continue;
      }
      let connected = targets.get(planKey(plan));
      if (!connected) {
        try {
          connected = await connect(plan, deps, recording?.onRequest);
        } catch (error) {
          io.stderr(`${plan.kind === 'sandbox' && plan.fixturesDir !== undefined ? `Cannot replay ${plan.fixturesDir}` : 'Cannot start the built-in sandbox'}: ${error instanceof Error ? error.message : String(error)}`);
          return 2;
        }
        targets.set(planKey(plan), connected);
      }
      const { target } = connected;
      const cellLines = notebookCellLines(text);
      const requestCells = notebook.cells.filter((cell) => cell.kind === 'request').length;
      io.stdout(`${file}: ${requestCells} request ${requestCells === 1 ? 'cell' : 'cells'} against ${target.environment.label}`);
      if (recording || (plan.kind === 'sandbox' && plan.fixturesDir !== undefined)) for (const warning of caveatLines(file, notebook, cellLines)) io.stderr(warning);
      // The recording takes the results as they ran: it scrubs them itself, always.
      const results = new Map<number, CellResult>();
      const entry: JUnitNotebook = { file, cells: [] };
      report.push(entry);
      const baseline = await NotebookBaselineRun.open(file, deps.readFile, args.updateBaseline);
      const cellStop = new AbortController();
      const signal = AbortSignal.any([stop.signal, cellStop.signal]);
      const annotated = annotationFile(file, io.env.GITHUB_WORKSPACE);
      await runNotebookFile(notebook, target, {
        signal,
        ...(deps.now ? { now: deps.now } : {}),
        baseline: baseline.state,
        // Messages say only what failed: the report puts `file:LINE` beside each.
        place: () => '',
        onCell: (index, cell, ranResult) => {
          const place = cellPlace(cellLines[index] ?? 0, cell.source);
          baseline.observe(cell, ranResult);
          results.set(index, ranResult);
          const result = scrub.leaving(target.environment.id, ranResult);
          if (result.outcome === 'cancelled') {
            skip(entry, file, place, result);
            return;
          }
          entry.cells.push({ place, result });
          for (const printed of cellReport(file, place, result)) io.stdout(printed);
          if (annotate) for (const failure of placedFailures(result, place)) io.stdout(errorAnnotation(annotated, failure));
          const tally = tallyOf(result);
          total.passed += tally.passed;
          total.failed += tally.failed;
          if (result.outcome !== 'ok') cellsNotRun++;
          if (isConnectionFailure(result) && connectionFailure === undefined) {
            connectionFailure = `${target.environment.label}: ${result.error!.message}${result.error!.nextStep ? `\n${result.error!.nextStep}` : ''}`;
            notRunReason = `not run: an earlier cell could not reach ${target.environment.label} (${result.error!.kind})`;
            cellStop.abort(); // the next cells would fail the same way
          }
        },
      });
      recording?.add(file, notebook, results, target.environment.label);
      if (connectionFailure === undefined && !stop.signal.aborted) {
        const baselineOutcome = baseline.finish();
        for (const printed of baselineOutcome.lines) io.stdout(printed);
        if (baselineOutcome.write !== undefined) {
          try {
            await deps.writeFile(baseline.path, baselineOutcome.write);
          } catch (error) {
            io.stderr(`Cannot write the baseline ${baseline.path}: ${error instanceof Error ? error.message : String(error)}`);
            return 2;
          }
        }
        const baselineText = baseline.current();
        if (recording && baselineText !== undefined) recording.addBaseline(file, baselineText);
      }
    }
  } finally {
    unhook();
    await Promise.all([...targets.values()].map((connected) => connected.close().catch(() => undefined)));
  }

  io.stdout(totalsLine(total, cellsNotRun, cellsSkipped));
  if (recording && recordSecret !== undefined) {
    try {
      const written = await recording.write(recordSecret, deps.writeFile);
      io.stdout(`Recorded ${written.fixtures} ${written.fixtures === 1 ? 'exchange' : 'exchanges'} (scrubbed: ${written.scrubbed}) and ${written.notebooks.join(', ')} in ${recording.dir}`);
      io.stdout(`Replay offline: ${PROGRAM} run ${written.notebooks.map((name) => path.join(recording.dir, name)).join(' ')} --fixtures ${recording.dir}`);
    } catch (error) {
      io.stderr(`Cannot write the recording to ${recording.dir}: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
  }
  if (args.junitPath !== undefined) {
    try {
      await deps.writeFile(args.junitPath, redactText(junitReport(report), secret));
    } catch (error) {
      io.stderr(`Cannot write the JUnit report to ${args.junitPath}: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
  }
  if (connectionFailure !== undefined) {
    io.stderr(`Could not reach the API: ${connectionFailure}`);
    return 2;
  }
  if (stop.signal.aborted) {
    io.stderr('Stopped before every cell ran.');
    return 2;
  }
  return total.failed > 0 ? 1 : 0;
}

function isConnectionFailure(result: CellResult): boolean {
  return result.outcome === 'error' && result.error !== undefined && CONNECTION_FAILURES.has(result.error.kind);
}
