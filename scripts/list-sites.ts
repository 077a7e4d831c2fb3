// Prints the slugs of the sites under sites/ as a JSON array, for the nightly workflow's matrix:
//   node scripts/list-sites.ts            ["bayside-mg","northside-used","summit-motor-group"]
// It reads file names only (no install needed in the listing job); the build validates each config.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? 'sites');
// The same files the build loads (src/data/site-config.ts: every *.yaml / *.yml under sites/).
const slugs = readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => f.replace(/\.ya?ml$/, ''))
  .sort();
if (slugs.length === 0) {
  console.error(`No site configs (*.yaml) in ${dir}: the nightly matrix would be empty.`);
  process.exit(1);
}
console.log(JSON.stringify(slugs));
