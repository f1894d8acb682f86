// Every string of the two panels and their commands, each through vscode.l10n.t. The webviews get
// theirs in the init message; `{0}`-style placeholders in those are filled in by the webview.
import * as vscode from 'vscode';
import { formatCount } from './numbers';
import type { BloodPressureStrings } from '../shared/bloodPressureProtocol';
import type { LabMarkersStrings } from '../shared/labMarkersProtocol';

export function bloodPressureStrings(): BloodPressureStrings {
  return {
    heading: vscode.l10n.t('Blood pressure of {0}'),
    queryLabel: vscode.l10n.t('Query'),
    actionsLabel: vscode.l10n.t('Actions'),
    startDate: vscode.l10n.t('Start date'),
    startDatePlaceholder: vscode.l10n.t('YYYY-MM-DD'),
    endDate: vscode.l10n.t('End date'),
    endDatePlaceholder: vscode.l10n.t('YYYY-MM-DD (empty: now)'),
    provider: vscode.l10n.t('Provider'),
    allProviders: vscode.l10n.t('All providers'),
    apply: vscode.l10n.t('Apply'),
    cancel: vscode.l10n.t('Cancel'),
    exportCsv: vscode.l10n.t('Export CSV…'),
    exportJson: vscode.l10n.t('Export JSON…'),
    openRawJson: vscode.l10n.t('Open Raw Response'),
    copyCurl: vscode.l10n.t('Copy as cURL'),
    startMissing: vscode.l10n.t('Enter a start date.'),
    startInvalid: vscode.l10n.t('The start date must be YYYY-MM-DD or an ISO 8601 date-time.'),
    endInvalid: vscode.l10n.t('The end date must be YYYY-MM-DD or an ISO 8601 date-time.'),
    endBeforeStart: vscode.l10n.t('The end date is before the start date.'),
    loadingPages: vscode.l10n.t('Loading… {0} pages, {1} readings so far'),
    loadedSummary: vscode.l10n.t('{0} readings (pages loaded: {1}).'),
    cancelledSummary: vscode.l10n.t('Cancelled: showing the {0} readings loaded so far (pages: {1}).'),
    cancelling: vscode.l10n.t('Cancelling…'),
    notLoaded: vscode.l10n.t('Not loaded'),
    notLoadedNote: vscode.l10n.t('Not loaded (cancelled): {0} to {1}'),
    coverageCellNotLoaded: vscode.l10n.t('{0}: not loaded (the load was cancelled)'),
    unreadableTimestamps: vscode.l10n.t('{0} readings with an unreadable timestamp are left out.'),
    emptyTitle: vscode.l10n.t('No readings'),
    emptyMessage: vscode.l10n.t(
      'No readings between {0} and {1} for provider {2} — the coverage strip shows the nearest data.',
    ),
    emptyMessageAllProviders: vscode.l10n.t(
      'No readings between {0} and {1} from any provider — the coverage strip shows the nearest data.',
    ),
    openEnd: vscode.l10n.t('now'),
    nearestSearching: vscode.l10n.t('Looking for the nearest readings…'),
    nearestBefore: vscode.l10n.t('Last reading before: {0}'),
    nearestAfter: vscode.l10n.t('First reading after: {0}'),
    nearestNone: vscode.l10n.t('No readings within a year on either side.'),
    showAround: vscode.l10n.t('Show those 30 days'),
    chartHeading: vscode.l10n.t('Chart'),
    pressureAxis: vscode.l10n.t('mmHg'),
    chartLabel: vscode.l10n.t('Chart of {0} readings from {1} providers, times in {2}, from {3} to {4}'),
    systolicOf: vscode.l10n.t('{0} systolic'),
    diastolicOf: vscode.l10n.t('{0} diastolic'),
    categoryLegend: vscode.l10n.t('Blood pressure categories'),
    categoryNormal: vscode.l10n.t('Normal'),
    categoryElevated: vscode.l10n.t('Elevated'),
    categoryStage1: vscode.l10n.t('Stage 1'),
    categoryStage2: vscode.l10n.t('Stage 2'),
    categoryCrisis: vscode.l10n.t('Crisis'),
    diastolicThresholdNote: vscode.l10n.t('Bands: systolic thresholds; dashed lines: diastolic 80 / 90 / 120.'),
    coverageHeading: vscode.l10n.t('Coverage'),
    coverageProviderDays: vscode.l10n.t('{0} of {1} days'),
    coverageProviderLoadedDays: vscode.l10n.t('{0} of {1} loaded days; {2} not loaded'),
    coverageCellDay: vscode.l10n.t('{0}: {1} readings'),
    coverageCellRange: vscode.l10n.t('{0} to {1}: {2} readings'),
    summaryHeading: vscode.l10n.t('Summary per provider'),
    summaryProvider: vscode.l10n.t('Provider'),
    summarySourceTypes: vscode.l10n.t('Source types'),
    summaryCount: vscode.l10n.t('Readings'),
    summaryFirst: vscode.l10n.t('First'),
    summaryLast: vscode.l10n.t('Last'),
    summaryMeanSystolic: vscode.l10n.t('Mean systolic'),
    summaryMeanDiastolic: vscode.l10n.t('Mean diastolic'),
    tableHeading: vscode.l10n.t('Readings'),
    tableLabel: vscode.l10n.t('Readings by provider and source type. Arrow keys move, Enter collapses a group.'),
    columnTime: vscode.l10n.t('Time ({0})'),
    columnOffset: vscode.l10n.t('Sent offset'),
    columnSystolic: vscode.l10n.t('Systolic'),
    columnDiastolic: vscode.l10n.t('Diastolic'),
    columnUnit: vscode.l10n.t('Unit'),
    columnCategory: vscode.l10n.t('Category'),
    groupRow: vscode.l10n.t('{0} · {1} — {2} readings'),
    groupRowOne: vscode.l10n.t('{0} · {1} — 1 reading'),
    columnTimeOwn: vscode.l10n.t('Time (own offset, else {0})'),
    columnSourceType: vscode.l10n.t('Source type'),
    columnDevice: vscode.l10n.t('Device'),
    columnApp: vscode.l10n.t('App'),
    timeInZone: vscode.l10n.t('In the user\'s zone {0}: the reading sent no timezone_offset'),
    timeInOwnOffset: vscode.l10n.t('In the reading\'s own offset {0} (timezone_offset {1} s)'),
    offsetOwn: vscode.l10n.t('The reading\'s timezone_offset: {0} seconds east of UTC'),
    offsetWritten: vscode.l10n.t('As written in the timestamp; the reading sent no timezone_offset'),
    offsetNotSent: vscode.l10n.t('Not sent: no timezone_offset and no offset in the timestamp'),
    notSent: vscode.l10n.t('Not sent'),
    notMmHg: vscode.l10n.t('not mmHg'),
    notMmHgHint: vscode.l10n.t('Categories are for blood pressure in mmHg; this reading is in "{0}"'),
    summaryOtherUnits: vscode.l10n.t('Other units'),
    summaryNoPressure: vscode.l10n.t('No plausible reading in mmHg: nothing to average'),
    implausible: vscode.l10n.t('implausible'),
    implausibleNotAboveDiastolic: vscode.l10n.t('Not a blood pressure: systolic {0} is not above diastolic {1}'),
    implausibleSystolicBounds: vscode.l10n.t('Not a blood pressure: systolic {0} mmHg is outside {1}–{2} mmHg'),
    implausibleDiastolicBounds: vscode.l10n.t('Not a blood pressure: diastolic {0} mmHg is outside {1}–{2} mmHg'),
    implausibleNotANumber: vscode.l10n.t('Not a blood pressure: a value is not a number'),
    summaryImplausible: vscode.l10n.t('Implausible (left out)'),
    outlierNote: vscode.l10n.t('Outliers: {0} values lie beyond the {1} axis ({2}–{3}) and are drawn at its edge; hover one for its reading.'),
    outlierAbove: vscode.l10n.t('Outlier: {0} {1} is above the axis (to {2} {3}), drawn at its top edge'),
    outlierBelow: vscode.l10n.t('Outlier: {0} {1} is below the axis (from {2} {3}), drawn at its bottom edge'),
    summaryImplausibleHint: vscode.l10n.t('Readings in mmHg that cannot be a blood pressure: counted here, left out of the means'),
    otherUnitsNote: vscode.l10n.t('Readings in {0} are drawn apart, on an axis of their own on the right, never on the mmHg bands or in the categories.'),
    coverageSourceNotSent: vscode.l10n.t('Source type not sent'),
    timeZoneNote: vscode.l10n.t('times in the user\'s fallback time zone {0}'),
    timeZoneMissing: vscode.l10n.t('the user has no usable fallback time zone: times in {0}'),
    presetsLabel: vscode.l10n.t('Date range presets'),
    presetLast7: vscode.l10n.t('7 days'),
    presetLast30: vscode.l10n.t('30 days'),
    presetLast90: vscode.l10n.t('90 days'),
    presetLastYear: vscode.l10n.t('1 year'),
    presetSinceIngestion: vscode.l10n.t('Since ingestion start'),
    presetSinceIngestionHint: vscode.l10n.t('From the user\'s ingestion start ({0}) to today'),
    presetSinceIngestionNone: vscode.l10n.t('The user has no ingestion start'),
    presetLastHint: vscode.l10n.t('From {0} to today'),
    dateFieldHint: vscode.l10n.t('Type a date; Up/Down arrows move it by a day'),
    zoomHint: vscode.l10n.t('Drag across the chart to zoom in. Keys, with the chart focused: + and − zoom, ← and → move, 0 or Esc shows everything.'),
    chartRange: vscode.l10n.t('{0} – {1}'),
    resetZoom: vscode.l10n.t('Reset zoom'),
    resetZoomHint: vscode.l10n.t('Show the whole range again (or double-click the chart)'),
  };
}

export function labMarkersStrings(): LabMarkersStrings {
  return {
    labTestTitle: vscode.l10n.t('Lab test markers'),
    orderSetTitle: vscode.l10n.t('Order set markers'),
    actionsLabel: vscode.l10n.t('Actions'),
    labTestId: vscode.l10n.t('lab_test_id'),
    labTestIds: vscode.l10n.t('lab_test_ids'),
    providerIds: vscode.l10n.t('Add-on provider_ids'),
    idsPlaceholder: vscode.l10n.t('comma-separated'),
    labAccountId: vscode.l10n.t('lab_account_id'),
    optional: vscode.l10n.t('(optional)'),
    page: vscode.l10n.t('Page'),
    size: vscode.l10n.t('Size (1–{0})'),
    apply: vscode.l10n.t('Apply'),
    cancel: vscode.l10n.t('Cancel'),
    previousPage: vscode.l10n.t('Previous page'),
    nextPage: vscode.l10n.t('Next page'),
    filter: vscode.l10n.t('Filter (all pages)'),
    filterPlaceholder: vscode.l10n.t('name, slug or LOINC code'),
    toggleAll: vscode.l10n.t('Expand / collapse all'),
    exportCsv: vscode.l10n.t('Export CSV…'),
    exportJson: vscode.l10n.t('Export JSON…'),
    openRawJson: vscode.l10n.t('Open Raw Response'),
    copyCurl: vscode.l10n.t('Copy as cURL'),
    labTestIdMissing: vscode.l10n.t('Enter a lab_test_id.'),
    orderSetEmpty: vscode.l10n.t('Enter at least one lab_test_id or add-on provider_id.'),
    pageInvalid: vscode.l10n.t('The page must be a whole number of at least 1.'),
    sizeInvalid: vscode.l10n.t('The size must be a whole number from 1 to {0}.'),
    loading: vscode.l10n.t('Loading markers…'),
    pageOf: vscode.l10n.t('Page {0} of {1}'),
    pageOnly: vscode.l10n.t('Page {0}'),
    totalMarkers: vscode.l10n.t('{0} markers in total'),
    totalDisagrees: vscode.l10n.t('{0} markers on this page; the server says {1} in total'),
    totalDisagreesOne: vscode.l10n.t('1 marker on this page; the server says {0} in total'),
    totalNotSent: vscode.l10n.t('total not sent'),
    moreMayFollow: vscode.l10n.t('more may follow'),
    filteredStatus: vscode.l10n.t('· {0} of {1} on this page match the filter'),
    emptyTitle: vscode.l10n.t('No markers'),
    emptyMessage: vscode.l10n.t('Page {0} holds no markers ({1} in total).'),
    emptyMessageNoTotal: vscode.l10n.t('Page {0} holds no markers (the total was not sent).'),
    noFilterMatch: vscode.l10n.t('Nothing on this page matches the filter.'),
    searchingAllPages: vscode.l10n.t('Searching every page: {0} of {1} markers…'),
    filteredAllStatus: vscode.l10n.t('· {0} of all {1} markers match the filter (every page searched)'),
    noFilterMatchAll: vscode.l10n.t('No marker on any page matches the filter.'),
    searchCancelled: vscode.l10n.t('(search of the other pages cancelled: this page only)'),
    tableLabel: vscode.l10n.t('Markers'),
    columnName: vscode.l10n.t('Name'),
    columnSlug: vscode.l10n.t('Slug'),
    columnType: vscode.l10n.t('Type'),
    columnUnit: vscode.l10n.t('Unit'),
    columnProviderId: vscode.l10n.t('provider_id'),
    columnLabId: vscode.l10n.t('lab_id'),
    columnPrice: vscode.l10n.t('Price'),
    columnOrderable: vscode.l10n.t('Orderable'),
    columnTurnaround: vscode.l10n.t('Turnaround'),
    columnAoe: vscode.l10n.t('AOE'),
    notSent: vscode.l10n.t('not sent'),
    typeUnseen: vscode.l10n.t('A type this product has not seen before, shown as sent'),
    priceFromPricing: vscode.l10n.t('From the page\'s pricing ({0})'),
    priceModifiers: vscode.l10n.t('{0} price modifiers (by state or reflex) may change it'),
    priceFromMarker: vscode.l10n.t('The marker\'s price as sent (the page\'s pricing does not list it)'),
    priceUnspecified: vscode.l10n.t('No price in the page\'s pricing: {0}'),
    yes: vscode.l10n.t('Yes'),
    no: vscode.l10n.t('No'),
    aLaCarte: vscode.l10n.t('à la carte'),
    notALaCarte: vscode.l10n.t('not à la carte'),
    orderableTooltip: vscode.l10n.t('is_orderable: {0} · a_la_carte_enabled: {1}'),
    turnaroundDays: vscode.l10n.t('{0} / {1} days'),
    turnaroundTooltip: vscode.l10n.t('Turnaround in days: common {0}, worst case {1}'),
    aoeCount: vscode.l10n.t('{0} questions'),
    aoeOne: vscode.l10n.t('1 question'),
    aoeNone: vscode.l10n.t('none'),
    expandAoe: vscode.l10n.t('Show AOE questions'),
    collapseAoe: vscode.l10n.t('Hide AOE questions'),
    aoeLabel: vscode.l10n.t('AOE questions (asked on order entry)'),
    columnQuestionCode: vscode.l10n.t('Code'),
    columnQuestion: vscode.l10n.t('Question'),
    columnQuestionType: vscode.l10n.t('Type'),
    columnAnswers: vscode.l10n.t('Answers'),
    columnRequired: vscode.l10n.t('Required'),
    noLoinc: vscode.l10n.t('no LOINC'),
    sortBy: vscode.l10n.t('Sort by {0}'),
    expand: vscode.l10n.t('Show expected results'),
    collapse: vscode.l10n.t('Hide expected results'),
    resultsLabel: vscode.l10n.t('Expected results'),
    noExpectedResults: vscode.l10n.t('This marker lists no expected results.'),
    columnResultName: vscode.l10n.t('Result'),
    columnLoincCode: vscode.l10n.t('LOINC code'),
    columnLoincName: vscode.l10n.t('LOINC name'),
    columnLoincUnit: vscode.l10n.t('Unit'),
  };
}

export const panelTitles = {
  bloodPressure: (clientUserId: string): string => vscode.l10n.t('Blood Pressure: {0}', clientUserId),
  /** The lab test's name where known, its id otherwise. */
  labTest: (nameOrId: string): string => vscode.l10n.t('Markers: {0}', nameOrId),
  /** "Order Set Markers (2 lab tests, 1 provider id)": the two kinds counted apart. */
  orderSet: (labTests: number, providerIds: number): string => vscode.l10n.t('Order Set Markers ({0})', orderSetCounts(labTests, providerIds)),
  restoring: (): string => vscode.l10n.t('Health Data'),
  /** "Blood Pressure: acme-1 · Sandbox US" */
  inEnvironment: (title: string, environment: string): string => vscode.l10n.t('{0} · {1}', title, environment),
};


/** "2 lab tests, 1 add-on provider id"; a kind with none is left out. */
export function orderSetCounts(labTests: number, providerIds: number): string {
  const parts: string[] = [];
  if (labTests > 0 || providerIds === 0) {
    parts.push(labTests === 1 ? vscode.l10n.t('1 lab test') : vscode.l10n.t('{0} lab tests', labTests));
  }
  if (providerIds > 0) parts.push(providerIds === 1 ? vscode.l10n.t('1 provider id') : vscode.l10n.t('{0} provider ids', providerIds));
  return parts.join(vscode.l10n.t(', '));
}

export const labMarkersHeadings = {
  /** h1 of a lab test: its name where known. */
  labTest: (name: string | undefined): string => (name ? vscode.l10n.t('Markers of {0}', name) : vscode.l10n.t('Lab test markers')),
  /** `seenIn`: the environment the name was seen in, when it was not this one. */
  labTestDetail: (labTestId: string, named: boolean, seenIn?: string): string =>
    seenIn !== undefined
      ? vscode.l10n.t('lab_test_id {0} (name seen in {1})', labTestId, seenIn)
      : named
        ? vscode.l10n.t('lab_test_id {0}', labTestId)
        : vscode.l10n.t('lab_test_id {0} (name not known in this environment)', labTestId),
  orderSet: (labTests: number, providerIds: number): string => vscode.l10n.t('Order set markers: {0}', orderSetCounts(labTests, providerIds)),
  /** One lab test of an order set: "Lipid panel (5a1c…)" or just the id. */
  orderSetItem: (labTestId: string, name: string | undefined): string => (name ? vscode.l10n.t('{0} ({1})', name, labTestId) : labTestId),
  orderSetLabTests: (items: string): string => vscode.l10n.t('Lab tests: {0}', items),
  orderSetProviders: (items: string): string => vscode.l10n.t('Add-on provider ids: {0}', items),
};

export const panelErrors = {
  unknownUser: (clientUserId: string, environment: string): string =>
    vscode.l10n.t('The user "{0}" is not known in {1}. Pick another user or switch the environment.', clientUserId, environment),
  userChanged: (clientUserId: string, environment: string): string =>
    vscode.l10n.t('In {1}, "{0}" is a different user than the one this panel showed.', clientUserId, environment),
  unknownLabTest: (labTestId: string, environment: string): string =>
    vscode.l10n.t('The lab test "{0}" is not known in {1}.', labTestId, environment),
  unknownOrderSet: (environment: string): string =>
    vscode.l10n.t('A lab test or add-on of this order set is not known in {0}.', environment),
  validation: (): string => vscode.l10n.t('The server found these problems:'),
  formProblemTitle: (): string => vscode.l10n.t('Check the query'),
  unreadableState: (): string =>
    vscode.l10n.t('This panel could not be restored: its saved query is unreadable. Open it again from the Health Data view.'),
};

export const panelMessages = {
  exported: (count: number, path: string): string => vscode.l10n.t('Exported {0} rows to {1}', formatCount(count), path),
  openFile: (): string => vscode.l10n.t('Open'),
  saveLabel: (): string => vscode.l10n.t('Export'),
  csvFilter: (): string => vscode.l10n.t('CSV'),
  jsonFilter: (): string => vscode.l10n.t('JSON'),
  curlCopied: (): string =>
    vscode.l10n.t('cURL command copied. It reads the key from $SERVICE_API_KEY; the key itself is not in it.'),
  loadingUser: (): string => vscode.l10n.t('Resolving the user…'),
};

export const pickerStrings = {
  userTitle: (): string => vscode.l10n.t('Show Blood Pressure: pick a user'),
  userPlaceholder: (): string => vscode.l10n.t('Type to filter by client_user_id or user_id'),
  loadingUsers: (): string => vscode.l10n.t('Loading users…'),
  resolveByClientId: (): string => vscode.l10n.t('Resolve by client_user_id…'),
  resolveDescription: (): string => vscode.l10n.t('for a user not in this list'),
  selectedInTree: (userId: string): string => vscode.l10n.t('{0} · selected in the Users view', userId),
  actions: (): string => vscode.l10n.t('Actions'),
  userTitleFor: (command: string): string => vscode.l10n.t('{0}: pick a user', command),
  moreUsers: (shown: number, total: number): string =>
    vscode.l10n.t('{0} of {1} users listed: use "Resolve by client_user_id…" for the others', formatCount(shown), formatCount(total)),
  clientUserIdPrompt: (): string => vscode.l10n.t('The client_user_id your team gave the user'),
  clientUserIdEmpty: (): string => vscode.l10n.t('Enter a client_user_id.'),
  labTestTitle: (): string => vscode.l10n.t('Show Lab Test Markers: lab_test_id'),
  labTestPlaceholder: (): string => vscode.l10n.t('Type a lab_test_id, or pick a sample lab test'),
  labTestTypePlaceholder: (): string => vscode.l10n.t('Type a lab_test_id, or pick one shown before in this environment'),
  labTestPrompt: (): string => vscode.l10n.t('The id of the lab test whose markers to list'),
  labTestEmpty: (): string => vscode.l10n.t('Enter a lab_test_id.'),
  labTestsShown: (): string => vscode.l10n.t('Shown before in this environment'),
  labTestNameSeenIn: (environment: string): string => vscode.l10n.t('name seen in {0}', environment),
  useTypedId: (id: string): string => vscode.l10n.t('Use "{0}"', id),
  labAccountTitle: (): string => vscode.l10n.t('lab_account_id (optional)'),
  labAccountPrompt: (): string =>
    vscode.l10n.t('A lab account decides which markers are available. Leave empty for none; Escape cancels.'),
  orderSetTitle: (): string => vscode.l10n.t('Show Order Set Markers: lab_test_ids'),
  orderSetPickPlaceholder: (): string =>
    vscode.l10n.t('Pick sample lab tests and/or type more ids, comma-separated; Enter to continue'),
  orderSetIdsPrompt: (): string => vscode.l10n.t('lab_test_ids of the order set, comma-separated (may be empty if add-ons follow)'),
  addOnTitle: (): string => vscode.l10n.t('Show Order Set Markers: add-on provider_ids'),
  addOnPrompt: (): string => vscode.l10n.t('provider_ids of add-on markers, comma-separated (optional)'),
  orderSetEmpty: (): string => vscode.l10n.t('Enter at least one lab_test_id or add-on provider_id.'),
  userNotThere: (clientUserId: string, environment: string): string =>
    vscode.l10n.t('There is no user with client_user_id "{0}" in {1}.', clientUserId, environment),
  userOnlyElsewhere: (clientUserId: string, environment: string, seenIn: string): string =>
    vscode.l10n.t(
      'There is no user with client_user_id "{0}" in {1}: it exists in {2}, where this panel shows it. Each environment has its own users.',
      clientUserId,
      environment,
      seenIn,
    ),
  chooseUser: (): string => vscode.l10n.t('Choose a User…'),
  switchEnvironment: (): string => vscode.l10n.t('Switch Environment…'),
};
