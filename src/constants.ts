// Every identifier the manifest and the code share lives here, once.

export const EXTENSION_ID = 'health-data-tools.health-data-explorer';

export const VIEW_CONTAINER_ID = 'healthData';
export const USERS_VIEW_ID = 'healthData.users';

export const OUTPUT_CHANNEL_NAME = 'Health Data';
export const JSON_DOCUMENT_SCHEME = 'health-data-json';

export const CONFIG_SECTION = 'healthData';
