import fs from 'node:fs/promises';
import path from 'node:path';
import { OPENAPI_REFERENCE, REPOSITORY_ROOT, produceOpenApiDocument } from './openapi-document.ts';

/** `npm run docs:api`: writes the API's OpenAPI document to `docs/api/openapi.json`. */
const target = path.join(REPOSITORY_ROOT, OPENAPI_REFERENCE);
const text = await produceOpenApiDocument();
await fs.mkdir(path.dirname(target), { recursive: true });
await fs.writeFile(target, text);
console.log(`Wrote ${OPENAPI_REFERENCE} (${Object.keys(JSON.parse(text).paths).length} paths).`);
