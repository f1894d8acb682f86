// The lab tests Show Lab Test Markers offers: those this environment has shown before, newest first
// (each lab-test request of the Requests view, an order set's lab_test_ids among them, then the
// recent lab tests no request row holds any more), then the local sandbox's samples. Each with the
// name known for it: here, or else where one was seen (another environment), said so.
import type { RequestRecord } from '../requests/requestRecords';
import type { RecentLabTest } from '../users/recents';
import type { LabTestNameBook } from './labTestNames';

export type LabTestChoiceOrigin = 'shown' | 'sample';

export interface LabTestChoice {
  id: string;
  origin: LabTestChoiceOrigin;
  name?: string;
  /** The environment the name was seen in, when it was not this one. */
  nameSeenIn?: string;
}

export interface LabTestChoiceInput {
  environment: string;
  /** The Requests view's records, oldest first (as the recorder keeps them). */
  records: readonly Pick<RequestRecord, 'environmentId' | 'operation'>[];
  recent: readonly RecentLabTest[];
  samples: readonly { id: string; name: string }[];
  book: LabTestNameBook;
}

/** The lab-test ids the requests of `environment` named, newest first, each once. */
export function labTestIdsInRecords(records: readonly Pick<RequestRecord, 'environmentId' | 'operation'>[], environment: string): string[] {
  const ids = new Set<string>();
  for (let index = records.length - 1; index >= 0; index--) {
    const { environmentId, operation } = records[index]!;
    if (environmentId !== environment || !operation) continue;
    const named = operation.name === 'listLabTestMarkers' ? [operation.args[0]] : operation.name === 'listOrderSetMarkers' ? (operation.args[0].labTestIds ?? []) : [];
    for (const id of named) if (typeof id === 'string' && id.trim() !== '') ids.add(id.trim());
  }
  return [...ids];
}

/** The name of `id` in `environment`'s book, else in another environment's (the first that has one), with where. */
export function labTestNameAnywhere(book: LabTestNameBook, environment: string, id: string): { name: string; seenIn?: string } | undefined {
  const own = book[environment];
  if (own && Object.hasOwn(own, id) && own[id]) return { name: own[id] };
  for (const [other, names] of Object.entries(book)) {
    if (other !== environment && Object.hasOwn(names, id) && names[id]) return { name: names[id], seenIn: other };
  }
  return undefined;
}

/** What the picker offers, in its order. */
export function labTestChoices(input: LabTestChoiceInput): LabTestChoice[] {
  const { environment, recent, samples, book } = input;
  const shownIds = [...new Set([...labTestIdsInRecords(input.records, environment), ...recent.map((r) => r.id)])];
  const sampleIds = samples.map((s) => s.id).filter((id) => !shownIds.includes(id));
  const nameOf = (id: string): Pick<LabTestChoice, 'name' | 'nameSeenIn'> => {
    const known = recent.find((r) => r.id === id)?.name ?? samples.find((s) => s.id === id)?.name;
    if (known) return { name: known };
    const anywhere = labTestNameAnywhere(book, environment, id);
    if (!anywhere) return {};
    return anywhere.seenIn === undefined ? { name: anywhere.name } : { name: anywhere.name, nameSeenIn: anywhere.seenIn };
  };
  return [...shownIds.map((id) => ({ id, origin: 'shown' as const, ...nameOf(id) })), ...sampleIds.map((id) => ({ id, origin: 'sample' as const, ...nameOf(id) }))];
}
