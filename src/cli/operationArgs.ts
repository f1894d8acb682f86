// An operation and its arguments from the command line, named as the client names them:
//   listUsers [--offset N] [--limit N]
//   resolveUser CLIENT_USER_ID
//   getGroupedBloodPressure USER_ID --start-date D [--end-date D] [--provider SLUG] [--next-cursor C]
//   listLabTestMarkers LAB_TEST_ID [--lab-account-id ID] [--page N] [--size N]
//   listOrderSetMarkers --lab-test-id ID… [--add-on-provider-id ID…] [--add-on-marker-id N…] [--lab-account-id ID] [--page N] [--size N]
// The values are checked by the client itself before anything is sent.
import type { RequestOperation, RequestOperationName } from '../api/requests';

export const OPERATION_USAGE = `  listUsers [--offset N] [--limit N]
  resolveUser CLIENT_USER_ID
  getGroupedBloodPressure USER_ID --start-date DATE [--end-date DATE] [--provider SLUG]
                          [--next-cursor C]
  listLabTestMarkers LAB_TEST_ID [--lab-account-id ID] [--page N] [--size N]
  listOrderSetMarkers --lab-test-id ID [--lab-test-id ID…] [--add-on-provider-id ID…]
                      [--add-on-marker-id N…] [--lab-account-id ID] [--page N] [--size N]`;

const FLAGS: Readonly<Record<RequestOperationName, readonly string[]>> = {
  listUsers: ['--offset', '--limit'],
  resolveUser: [],
  getGroupedBloodPressure: ['--start-date', '--end-date', '--provider', '--next-cursor'],
  listLabTestMarkers: ['--lab-account-id', '--page', '--size'],
  listOrderSetMarkers: ['--lab-test-id', '--add-on-provider-id', '--add-on-marker-id', '--lab-account-id', '--page', '--size'],
};
const POSITIONALS: Readonly<Record<RequestOperationName, string[]>> = {
  listUsers: [],
  resolveUser: ['CLIENT_USER_ID'],
  getGroupedBloodPressure: ['USER_ID'],
  listLabTestMarkers: ['LAB_TEST_ID'],
  listOrderSetMarkers: [],
};
const REPEATABLE = new Set(['--lab-test-id', '--add-on-provider-id', '--add-on-marker-id']);
const NUMBERS = new Set(['--offset', '--limit', '--page', '--size', '--add-on-marker-id']);

export type OperationArgs = { ok: true; operation: RequestOperation } | { ok: false; message: string };

/** `words`: what follows `--operation NAME` (positionals and the operation's own flags). */
export function parseOperationArgs(name: RequestOperationName, words: readonly string[]): OperationArgs {
  const positionals: string[] = [];
  const values = new Map<string, (string | number)[]>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('--')) {
      positionals.push(word);
      continue;
    }
    const [flag, inline] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    if (!FLAGS[name].includes(flag)) return { ok: false, message: `${name} takes no option ${flag} (it takes ${FLAGS[name].join(', ') || 'no options'})` };
    const value = inline ?? words[++i];
    if (value === undefined || value === '') return { ok: false, message: `Option ${flag} needs a value` };
    if (NUMBERS.has(flag) && !/^-?\d+$/.test(value)) return { ok: false, message: `Option ${flag} needs a whole number, got "${value}"` };
    if (values.has(flag) && !REPEATABLE.has(flag)) return { ok: false, message: `Option ${flag} is given twice` };
    values.set(flag, [...(values.get(flag) ?? []), NUMBERS.has(flag) ? Number(value) : value]);
  }
  const expected = POSITIONALS[name];
  if (positionals.length !== expected.length) {
    return { ok: false, message: `${name} takes ${expected.length === 0 ? 'no argument' : expected.join(' ')}${positionals.length > expected.length ? `, not ${positionals.slice(expected.length).join(' ')}` : ''}` };
  }
  const one = (flag: string) => values.get(flag)?.[0];
  const text = (flag: string) => one(flag) as string | undefined;
  const number = (flag: string) => one(flag) as number | undefined;
  const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
  switch (name) {
    case 'listUsers':
      return { ok: true, operation: { name, args: [defined({ offset: number('--offset'), limit: number('--limit') })] } };
    case 'resolveUser':
      return { ok: true, operation: { name, args: [positionals[0]!] } };
    case 'getGroupedBloodPressure': {
      const startDate = text('--start-date');
      if (startDate === undefined) return { ok: false, message: 'getGroupedBloodPressure needs --start-date YYYY-MM-DD' };
      const query = defined({ startDate, endDate: text('--end-date'), provider: text('--provider'), nextCursor: text('--next-cursor') });
      return { ok: true, operation: { name, args: [positionals[0]!, query] } };
    }
    case 'listLabTestMarkers':
      return { ok: true, operation: { name, args: [positionals[0]!, defined({ labAccountId: text('--lab-account-id'), page: number('--page'), size: number('--size') })] } };
    case 'listOrderSetMarkers': {
      const providerIds = values.get('--add-on-provider-id') as string[] | undefined;
      const markerIds = values.get('--add-on-marker-id') as number[] | undefined;
      const addOn = providerIds || markerIds ? defined({ providerIds, markerIds }) : undefined;
      const body = defined({ labTestIds: values.get('--lab-test-id') as string[] | undefined, addOn, labAccountId: text('--lab-account-id') });
      return { ok: true, operation: { name, args: [body, defined({ page: number('--page'), size: number('--size') })] } };
    }
  }
}
