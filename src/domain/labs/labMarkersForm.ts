// The lab-markers panel's query: a lab test or an order set, plus the page. Checked before any
// request so bad input gets an inline message instead of a round trip.
import {
  labTestMarkersRequest,
  orderSetMarkersRequest,
  type LabTestMarkersQuery,
  type OrderSetBody,
  type RequestSpec,
} from '../../api/requests';
import { isIntegerInRange } from '../inputValidation';
import { DEFAULT_MARKER_PAGE_SIZE, MARKER_PAGE_SIZE_MAX } from './markerTable';

export type LabMarkersSource =
  | { kind: 'labTest'; labTestId: string; labAccountId: string }
  /** `markerIds`: add-ons by the service's marker ids (`add_on.marker_ids`); absent in forms saved before it existed. */
  | { kind: 'orderSet'; labTestIds: string[]; providerIds: string[]; markerIds?: number[]; labAccountId: string };

/** One query of the panel: what to list, and which page of it. `labAccountId` '' means none. */
export interface LabMarkersForm {
  source: LabMarkersSource;
  page: number;
  size: number;
}

export type LabMarkersFormProblem = 'labTestIdMissing' | 'orderSetEmpty' | 'pageInvalid' | 'sizeInvalid';

export function firstPageOf(source: LabMarkersSource, size = DEFAULT_MARKER_PAGE_SIZE): LabMarkersForm {
  return { source, page: 1, size };
}

export function checkLabMarkersForm(form: LabMarkersForm): LabMarkersFormProblem | undefined {
  const { source } = form;
  if (source.kind === 'labTest' && source.labTestId.trim() === '') return 'labTestIdMissing';
  if (source.kind === 'orderSet' && source.labTestIds.length === 0 && source.providerIds.length === 0 && (source.markerIds ?? []).length === 0) {
    return 'orderSetEmpty';
  }
  if (!isIntegerInRange(form.page, 1)) return 'pageInvalid';
  if (!isIntegerInRange(form.size, 1, MARKER_PAGE_SIZE_MAX)) return 'sizeInvalid';
  return undefined;
}

export function labTestQueryOf(form: LabMarkersForm & { source: { kind: 'labTest' } }): LabTestMarkersQuery {
  const query: LabTestMarkersQuery = { page: form.page, size: form.size };
  if (form.source.labAccountId.trim() !== '') query.labAccountId = form.source.labAccountId.trim();
  return query;
}

export function orderSetBodyOf(source: LabMarkersSource & { kind: 'orderSet' }): OrderSetBody {
  const body: OrderSetBody = {};
  if (source.labTestIds.length > 0) body.labTestIds = source.labTestIds;
  const markerIds = source.markerIds ?? [];
  if (source.providerIds.length > 0 || markerIds.length > 0) {
    body.addOn = {
      ...(source.providerIds.length > 0 ? { providerIds: source.providerIds } : {}),
      ...(markerIds.length > 0 ? { markerIds } : {}),
    };
  }
  if (source.labAccountId.trim() !== '') body.labAccountId = source.labAccountId.trim();
  return body;
}

/** The exact request the panel sends for a form (the client builds the same one). */
export function labMarkersRequestOf(form: LabMarkersForm): RequestSpec {
  const { source } = form;
  if (source.kind === 'labTest') return labTestMarkersRequest(source.labTestId.trim(), labTestQueryOf({ ...form, source }));
  return orderSetMarkersRequest(orderSetBodyOf(source), { page: form.page, size: form.size });
}
