// `npm run agents:manifest`: writes the catalogue's tools into package.json's
// contributes.languageModelTools (test/unit/agentManifest.test.ts fails until this has run).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageModelToolContributions } from '../../src/agents/toolManifest';

const file = join(import.meta.dirname, '..', '..', 'package.json');
const manifest = JSON.parse(readFileSync(file, 'utf8')) as { contributes: Record<string, unknown> };
manifest.contributes.languageModelTools = languageModelToolContributions();
writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`package.json: ${(manifest.contributes.languageModelTools as unknown[]).length} language-model tools written`);
