// `npm run bench`: runs every bench/*.bench.ts in turn; each prints its figures beside a baseline
// measured in the same run.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
for (const file of files) {
  console.log(`\n== ${file} ==`);
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<void> };
  await module.run();
}
