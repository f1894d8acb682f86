import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isLoopbackHost } from '../../src/api/transportSecurity';
import {
  DEFAULT_BASE_URLS,
  ENVIRONMENT_IDS,
  apiKeySecretName,
  defaultApiKeyHeader,
  isApiKeySecretName,
  isVendorHost,
  normaliseBaseUrl,
  parseEnvironmentId,
  resolveEnvironment,
  type BaseUrlSettings,
} from '../../src/domain/environments';

const defaults: BaseUrlSettings = { ...DEFAULT_BASE_URLS, custom: '' };

describe('environment resolution', () => {
  test('the local sandbox is the default, also for a missing or tampered stored choice', () => {
    for (const stored of [undefined, null, '', 'staging', 42, { id: 'custom' }, 'LOCAL']) {
      assert.equal(parseEnvironmentId(stored), 'local', `stored ${JSON.stringify(stored)}`);
    }
    for (const id of ENVIRONMENT_IDS) assert.equal(parseEnvironmentId(id), id);
  });

  test('the named environments default to the real service, with one secret each', () => {
    assert.deepEqual(DEFAULT_BASE_URLS, {
      sandboxUs: 'https://api.sandbox.us.junction.com',
      sandboxEu: 'https://api.sandbox.eu.junction.com',
      productionUs: 'https://api.us.junction.com',
      productionEu: 'https://api.eu.junction.com',
    });
    assert.deepEqual(resolveEnvironment('local', defaults), { id: 'local', kind: 'localSandbox' });
    const secrets = new Set<string>();
    for (const id of ['sandboxUs', 'sandboxEu', 'productionUs', 'productionEu'] as const) {
      const resolved = resolveEnvironment(id, defaults);
      assert.equal(resolved.kind, 'remote');
      if (resolved.kind !== 'remote') continue;
      assert.equal(resolved.baseUrl, DEFAULT_BASE_URLS[id]);
      assert.ok(isApiKeySecretName(resolved.secretName));
      secrets.add(resolved.secretName);
    }
    assert.equal(secrets.size, 4, 'every environment has its own secret');
  });

  test('a base URL from settings is trimmed and loses trailing slashes, keeping a path prefix', () => {
    const resolved = resolveEnvironment('productionEu', { ...defaults, productionEu: '  https://gateway.example.com/health/api///  ' });
    assert.deepEqual(resolved.kind === 'remote' && resolved.baseUrl, 'https://gateway.example.com/health/api');
  });

  test('Custom without a URL, or with one that would leak the key, is misconfigured with the reason', () => {
    const custom = (url: string) => resolveEnvironment('custom', { ...defaults, custom: url });
    assert.deepEqual(custom(''), { id: 'custom', kind: 'misconfigured', problem: 'empty' });
    assert.deepEqual(custom('   '), { id: 'custom', kind: 'misconfigured', problem: 'empty' });
    assert.deepEqual(custom('http://api.example.com'), { id: 'custom', kind: 'misconfigured', problem: 'plainHttpToRemoteHost' });
    assert.deepEqual(custom('http://10.0.0.7:4010'), { id: 'custom', kind: 'misconfigured', problem: 'plainHttpToRemoteHost' });
    assert.deepEqual(custom('https://user:pw@api.example.com'), { id: 'custom', kind: 'misconfigured', problem: 'hasCredentials' });
    assert.deepEqual(custom('ftp://api.example.com'), { id: 'custom', kind: 'misconfigured', problem: 'unsupportedScheme' });
    assert.deepEqual(custom('not a url'), { id: 'custom', kind: 'misconfigured', problem: 'invalid' });
    assert.deepEqual(custom('https://api.example.com/?team=1'), { id: 'custom', kind: 'misconfigured', problem: 'hasQueryOrFragment' });
    assert.deepEqual(custom('https://api.example.com/#x'), { id: 'custom', kind: 'misconfigured', problem: 'hasQueryOrFragment' });
  });

  test('plain http is accepted for this machine only', () => {
    for (const url of ['http://127.0.0.1:4010', 'http://localhost:4010/', 'http://[::1]:4010', 'http://127.8.9.10']) {
      const resolved = resolveEnvironment('custom', { ...defaults, custom: url });
      assert.equal(resolved.kind, 'remote', url);
    }
  });

  test('the Custom key is bound to the server it was saved for', () => {
    const a = apiKeySecretName('custom', 'https://staging.example.com');
    const b = apiKeySecretName('custom', 'https://evil.example.net');
    assert.notEqual(a, b);
    assert.equal(apiKeySecretName('custom', 'https://staging.example.com/v1'), a, 'same origin, same key');
    assert.equal(apiKeySecretName('productionUs', 'https://a.example.com'), apiKeySecretName('productionUs', 'https://b.example.com'));
    assert.equal(isApiKeySecretName('some.other.secret'), false);
  });

  test('property: an accepted base URL is stable and never sends the key over plain http off this machine', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: false, withFragments: false }), fc.string()), (input) => {
        const check = normaliseBaseUrl(input);
        if (!check.ok) return;
        assert.deepEqual(normaliseBaseUrl(check.url), check, 'normalising twice changes nothing');
        const url = new URL(check.url);
        assert.ok(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)), check.url);
        assert.ok(!check.url.endsWith('/'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the key header each environment sends by default', () => {
  test('built-in remote environments on the vendor hosts send the vendor header', () => {
    for (const id of ['sandboxUs', 'sandboxEu', 'productionUs', 'productionEu'] as const) {
      assert.equal(defaultApiKeyHeader(id, DEFAULT_BASE_URLS[id]), 'x-vital-api-key', id);
      assert.equal(defaultApiKeyHeader(id, 'https://api.sandbox.tryvital.io'), 'x-vital-api-key', `${id} on the former domain`);
    }
  });

  test('the local sandbox keeps the spec header; Custom sends what its host reads (the vendor\'s there, the spec\'s elsewhere)', () => {
    assert.equal(defaultApiKeyHeader('local', undefined), 'x-service-api-key');
    assert.equal(defaultApiKeyHeader('custom', 'https://api.example.com'), 'x-service-api-key');
    assert.equal(defaultApiKeyHeader('custom', DEFAULT_BASE_URLS.sandboxUs), 'x-vital-api-key');
  });

  test('a built-in environment pointed at another host (a spec deployment, a local stand-in) keeps the spec header', () => {
    for (const url of ['http://127.0.0.1:4010', 'https://health.example.org', 'https://junction.com.evil.example', 'https://notjunction.com', 'not a url']) {
      assert.equal(defaultApiKeyHeader('sandboxUs', url), 'x-service-api-key', url);
      assert.equal(isVendorHost(url), false, url);
    }
    assert.equal(defaultApiKeyHeader('productionEu', undefined), 'x-service-api-key', 'no base URL yet');
  });
});
