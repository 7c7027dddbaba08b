#!/usr/bin/env node
// Deep-merges a JSON fragment into src/locales/<lang>.json, keeping key order and 2-space formatting.
// Usage: node scripts/locale-merge.mjs <lang> <fragment.json>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [lang, fragmentPath] = process.argv.slice(2);
if (!['en', 'fr'].includes(lang) || !fragmentPath) {
  console.error('usage: locale-merge.mjs <en|fr> <fragment.json>');
  process.exit(2);
}
const target = path.resolve(import.meta.dirname, `../src/locales/${lang}.json`);
const merge = (into, from) => {
  for (const [key, value] of Object.entries(from)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && into[key] && typeof into[key] === 'object') merge(into[key], value);
    else into[key] = value;
  }
  return into;
};
const merged = merge(JSON.parse(readFileSync(target, 'utf8')), JSON.parse(readFileSync(fragmentPath, 'utf8')));
writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
