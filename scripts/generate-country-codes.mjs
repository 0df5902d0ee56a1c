// Writes packages/contracts/src/countries.ts from i18n-iso-countries: run after upgrading the package.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../packages/contracts/package.json', import.meta.url));
const countries = require('i18n-iso-countries');
const codes = Object.keys(countries.getAlpha2Codes()).sort();
const file = new URL('../packages/contracts/src/countries.ts', import.meta.url);
const source = readFileSync(file, 'utf8');
const rows = [];
for (let i = 0; i < codes.length; i += 16)
  rows.push(
    `  ${codes
      .slice(i, i + 16)
      .map((code) => `'${code}'`)
      .join(', ')},`,
  );
const list = /(export const COUNTRY_CODES = \[\n)[\s\S]*?(\n\] as const;)/;
if (!list.test(source)) throw new Error('COUNTRY_CODES not found in countries.ts');
writeFileSync(file, source.replace(list, `$1${rows.join('\n')}$2`));
console.log(`${codes.length} country codes written`);
