import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { manifest } from './manifest.ts';
import { buildOpenApiDocument } from './openapi.ts';

/** `npm run openapi`: writes openapi.json at the repository root from the route manifest. */
const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
const document = buildOpenApiDocument(manifest);
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);

const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
console.log(`wrote ${operations} operations to openapi.json`);
