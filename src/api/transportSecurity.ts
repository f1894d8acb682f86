/** Hosts to which the key may travel over plain http: this machine only. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return ipv4 !== null && ipv4.slice(1).every((octet) => Number(octet) <= 255);
}

export type BaseUrlProblem = 'invalid' | 'unsupportedScheme' | 'plainHttpToRemoteHost' | 'hasCredentials';

/** Why a base URL may not receive the key, or undefined when it may. */
export function checkBaseUrl(baseUrl: string): BaseUrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'hasCredentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return 'unsupportedScheme';
  return isLoopbackHost(url.hostname) ? undefined : 'plainHttpToRemoteHost';
}
