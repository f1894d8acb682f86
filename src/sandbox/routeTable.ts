// Every path the sandbox serves. Patterns match the raw (still percent-encoded) path, so an id
// containing an encoded "/" stays one path parameter.
import { groupedBloodPressure } from './handlers/bloodPressureHandler';
import { addFaults, clearFaults } from './handlers/faultsHandlers';
import { labTestMarkers, orderSetMarkers } from './handlers/labMarkersHandlers';
import { listUsers, resolveUser } from './handlers/usersHandlers';
import type { Route } from './http/router';

export const ROUTES: readonly Route[] = [
  // The spec writes /v2/user/; the real service answers /v2/user.
  { pattern: /^\/v2\/user\/?$/, handlers: { GET: listUsers } },
  { pattern: /^\/v2\/user\/resolve\/([^/]+)$/, handlers: { GET: resolveUser } },
  { pattern: /^\/v2\/timeseries\/([^/]+)\/blood_pressure\/grouped$/, handlers: { GET: groupedBloodPressure } },
  { pattern: /^\/v3\/lab_tests\/list_order_set_markers$/, handlers: { POST: orderSetMarkers } },
  { pattern: /^\/v3\/lab_tests\/([^/]+)\/markers$/, handlers: { GET: labTestMarkers } },
  { pattern: /^\/_sandbox\/faults$/, handlers: { POST: addFaults, DELETE: clearFaults }, control: true },
];
